"""The scanner: finds the lines (and lines wrapped onto the next) that hold a known message.

Each entry is ``{"pattern": <id>, "line": <the log line>, "file": <file name>}``.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from envcheck.importers.errorlog import (
    cluster,
    inferences,
    installs,
    optix,
    runtime_symptoms,
    sessions,
    symptoms,
    textindex,
)
from envcheck.importers.errorlog.keys import ALL_KEYS, KEYS
from envcheck.importers.errorlog.model import MAX_ENTRIES, MAX_LINE, MAX_PER_PATTERN, ErrorPattern
from envcheck.importers.errorlog.table import PATTERNS

MAX_CANDIDATE_LINES = 20000

# Which framework printed a message: a notice from a library the job merely imports (TF's
# CPU fallback in a PyTorch job) is not an error for the job.
COMPONENT: Dict[str, str] = {
    "could-not-load-dynamic-library": "tensorflow",
    "cannot-dlopen-gpu-libraries": "tensorflow",
    "jax-cpu-fallback": "jax",
}
_AT_WORK = {
    "torch": re.compile(
        r"site-packages[/\\]torch[/\\]|\btorch\.(?:cuda|nn|distributed|utils)\b|torchrun\b|"
        r"\bimport torch\b|\bfrom torch\b|lightning|accelerate launch|deepspeed|"
        # (not PyTorch named as the one that works, a comparison: "It seems that tensorflow is
        # missing some libraries, even though pytorch works fine on my machine",
        # nextcloud/recognize#864)
        r"\bpytorch\b(?!\s+(?:works?|is working|runs?|is running)\s+(?:fine|well|ok|perfectly|"
        r"as expected)\b)",
        re.I,
    ),
    "tensorflow": re.compile(
        r"site-packages[/\\](?:tensorflow|keras|tf_keras)[/\\]|\bmodel\.fit\(|\btf\.(?:keras|"
        r"config|device|distribute|data|function|test\.is_gpu_available)\b|Created (?:TensorFlow )?"
        r"device /job:|GPU:0 with \d+ MB memory|"
        # the report is about this framework and the GPU ("tensorflow 2.16.1 couldn't use the
        # nvidia GPU"): the one whose GPU work fails is the one at work
        r"\btensorflow\b[^\n]{0,40}?\b(?:couldn'?t|can'?t|cannot|could not|doesn'?t|does not|"
        r"fails? to|failed to|won'?t)\s+(?:use|see|detect|find|recogni[sz]e)\b"
        r"[^\n.]{0,20}?\bgpus?\b",
        re.I,
    ),
    "jax": re.compile(
        r"site-packages[/\\](?:jax|flax|optax)[/\\]|\bjax\.(?:numpy|devices|jit|random)\b|"
        r"\bimport jax\b|\bjnp\.",
        re.I,
    ),
}


def frameworks_at_work(text: str) -> List[str]:
    """Frameworks the text shows doing work (tracebacks through them, their API calls)."""
    return [name for name, rx in _AT_WORK.items() if rx.search(text)]


# Distinctive words of the keys: a line holding one may start a message wrapped onto the next
# line, so it and the line before it are tried joined with their neighbours.
_STOP = {"version", "driver", "library", "device", "system", "cannot", "memory", "runtime"}
# Sentences people write (not messages a terminal wraps): matched on one line only, so two
# unrelated log lines joined by the wrap reader never make one ("zombie" + "memory").
_ONE_LINE = {
    "no-nvidia-gpu-stated",
    "cpu-torch-stated",
    "cudnn-missing-stated",
    "oom-persists-stated",
    "slow-storage-stated",
    "pcie-riser-stated",
    "ecc-uncorrectable-stated",
    "python-32bit",
    "nvidia-smi-not-found",
    "no-cuda-gpus-available",
    "windows-dll-not-found",
    "gpu-below-minimum-cc-stated",
    "shm-stated-too-small",
    "gpu-memory-held-stated",
    "python-stated-unsupported",
    "driver-init-timeout",
    "memlock-stated-low",
    "nccl-warn",
    "data-loading-slow-stated",
    "gpu-used-by-others-stated",
    "visible-devices-no-effect-stated",
    "visible-devices-not-exported",
    "toolkit-too-old-for-gpu-stated",
    "python-support-requested",
    "nvidia-module-not-built-stated",
    "leftover-process-holds-gpu-stated",
    "cpu-oversubscription-stated",
    "download-slow-stated",
    "network-blocked-stated",
    "flash-attention-gpu-unsupported-stated",
    "wsl-memory-cap-stated",
    "linux-driver-installed-in-wsl-stated",
}
_ANCHORS: Tuple[bytes, ...] = tuple(
    sorted(
        {
            w.encode()
            for pid, ks in KEYS.items()
            if pid not in _ONE_LINE
            for k in ks
            if " " in k
            for w in re.findall(r"[a-z_/<]{6,}", k)
            if w not in _STOP
        }
    )
)
MAX_WINDOWS = 3000
_FLAT_KEYS: Tuple[str, ...] = tuple(sorted({k for ks in KEYS.values() for k in ks}))
# The keys a joined window is worth trying for: those of patterns that can span lines.
_WINDOW_KEYS: Tuple[str, ...] = tuple(
    sorted({k for pid, ks in KEYS.items() if pid not in _ONE_LINE for k in ks})
)
_KEYED: Tuple[Tuple[ErrorPattern, Tuple[str, ...]], ...] = tuple((p, KEYS[p.id]) for p in PATTERNS)


_KEY_PATTERNS: Dict[str, Tuple[int, ...]] = {
    k: tuple(i for i, (_, keys) in enumerate(_KEYED) if k in keys) for k in _FLAT_KEYS
}


def _eligible(low: str) -> List[ErrorPattern]:
    """The patterns (in table order) one of whose keys the lower-cased text holds: a key is
    necessary for a match, so the others cannot match and their regexes are not run."""
    idx: set = set()
    for k in _FLAT_KEYS:
        if k in low:
            idx.update(_KEY_PATTERNS[k])
    return [_KEYED[i][0] for i in sorted(idx)]


def scan(text: str, source: str) -> List[Dict[str, str]]:
    """Every recognised message in ``text`` as an error_log entry (deduplicated, capped).

    Each entry: ``pattern``, ``line`` (the message, joined when it was wrapped), ``file``,
    ``lineno`` (1-based, as a string) and, for a message from a framework the text does not
    show at work while another one is, ``in_use: "no"``.
    """
    from envcheck.importers.extract.lines import strip_prefix

    data = text.encode("utf-8", "replace")
    low = data.lower()  # ASCII-only lower-casing keeps byte offsets
    index = textindex.word_index(low)
    starts = textindex.line_starts(low, _ALL_KEYS_MIN, MAX_CANDIDATE_LINES, index)
    out: List[Dict[str, str]] = []
    seen = set()
    per: Dict[str, int] = {}
    matched_lines = set()

    def add(p: ErrorPattern, line: str, lineno: int) -> None:
        key = (p.id, line[:MAX_LINE])
        if key not in seen and per.get(p.id, 0) < MAX_PER_PATTERN and len(out) < MAX_ENTRIES:
            seen.add(key)
            per[p.id] = per.get(p.id, 0) + 1
            out.append(
                {"pattern": p.id, "line": line[:MAX_LINE], "file": source, "lineno": str(lineno)}
            )

    lineno, pos = 1, 0
    verdicts: Dict[str, Optional[ErrorPattern]] = {}  # a log repeats its lines: match once
    for start in sorted(starts):
        lineno += data.count(b"\n", pos, start)
        pos = start
        end = data.find(b"\n", start)
        raw = data[start : end if end != -1 else len(data)].decode("utf-8", "replace")
        line = raw.strip()
        if line in verdicts:
            hit = verdicts[line]
            if hit is not None:
                matched_lines.add(lineno - 1)
            continue
        bare = strip_prefix(line)
        # markdown bold pasted into a message ("Found no NVIDIA driver on **your"): dropped
        # here, where a message is matched, not when the paste is read (text.clean): bold also
        # marks which of two environments a reporter compares (pytorch/pytorch#32369's
        # "**CUDA used to build PyTorch: 10.0.130**" is the working one), and fact readers
        # must not take such lines as this host's
        if "**" in bare:
            bare = bare.replace("**", "")
        hit = None
        # (a pattern is tried on the first 4,000 characters of the line and of its bare form;
        # keys are looked for in a little more, so a megabyte-long line costs no 2,500 scans
        # of a megabyte each)
        for p in _eligible(line[:8000].lower()):
            if p.regex.search(line[:4000]) or (bare != line and p.regex.search(bare[:4000])):
                hit = p
                add(p, bare or line, lineno)
                matched_lines.add(lineno - 1)
                break
        verdicts[line] = hit
        if len(out) >= MAX_ENTRIES:
            break
    _scan_wrapped(data, low, matched_lines, add, index)
    # the inferences read the text as the scan saw it (invalid UTF-8 replaced), decoded once
    decoded = data.decode("utf-8", "replace")
    inferences.oom_at_context_creation(decoded, out)
    inferences.oom_persists_needs_an_oom(low, out)
    inferences.cupy_runtime_linked(low, out)
    for infer in _FROM_THE_TEXT:
        infer(decoded, low, out, source)
    inferences.p2p_workaround(decoded, low, add)
    inferences.semlock_no_space(decoded, low, add)
    inferences.cudnn_api_arity(decoded, low, out, add)
    inferences.no_space_context(decoded, out)
    inferences.shm_files_left_behind(decoded, out)
    inferences.pytorch_cc_range(decoded, out)
    inferences.cuda_called_without_a_gpu(decoded, out)
    inferences.cuda_asked_in_a_cpu_run(decoded, out)
    inferences.ctranslate2_float16_on_a_capable_gpu(decoded, out)
    inferences.bf16_on_a_capable_gpu(decoded, out)
    inferences.lightgbm_opencl_learner_on_cuda_build(decoded, out)
    inferences.hopper_kernel_dispatched(decoded, out)
    inferences.cuda_compat_on_loader_path(decoded, out)
    inferences.launch_failure_after_suspend(decoded, out)
    inferences.nccl_missing_in_a_cpu_run(out)
    inferences.hedge(out)
    for infer in _FROM_THE_SYMPTOMS:
        infer(decoded, low, out, source)
    symptoms.message_words(decoded, low, out, source)  # last: only where nothing was found
    inferences.gives_way_to_its_message(out)  # e.g. NCCL's generic WARN line says no more
    _mark_components(text, out)
    out.sort(key=lambda e: int(e.get("lineno", "0")))
    return out


def _minimal(keys: Tuple[bytes, ...]) -> Tuple[bytes, ...]:
    """The keys that hold no other key: a line holding "nccl warn net/ib" holds "nccl warn",
    so finding the lines of the shorter key finds both (one pass over the text less)."""
    kept: List[bytes] = []
    for k in sorted(keys, key=len):
        if not any(s in k for s in kept):
            kept.append(k)
    return tuple(kept)


def _windows_with_a_key(
    lowered: List[str], index: bytes = b""
) -> List[Tuple[int, Tuple[ErrorPattern, ...]]]:
    """The windows (in order) that hold a key of a pattern that can span lines, each with the
    patterns (in table order) whose keys it holds.

    One str.find pass per key over all windows joined (C speed) instead of a Python loop over
    every key for every window: 4,800 windows x 200 keys cost 0.25 s on a 1 MB paste. The keys
    found say which patterns can match, so no window is searched for every key again."""
    import bisect

    if not lowered:
        return []
    sep = "\x00"
    joined = sep.join(lowered)
    starts, pos = [], 0
    for w in lowered:
        starts.append(pos)
        pos += len(w) + 1
    hit: Dict[int, set] = {}
    for k in _WINDOW_KEYS:
        if textindex.absent(k.encode(), index):
            continue  # not in the text at all
        at = joined.find(k)
        while at != -1:
            n = bisect.bisect_right(starts, at) - 1
            hit.setdefault(n, set()).update(_KEY_PATTERNS[k])
            nxt = starts[n + 1] if n + 1 < len(starts) else len(joined)
            at = joined.find(k, nxt)
    return [(n, tuple(_KEYED[i][0] for i in sorted(hit[n]))) for n in sorted(hit)]


# "İ" and the Kelvin sign in UTF-8: the only characters whose str.lower() holds ASCII letters
_LOWER_TO_ASCII = ("\u0130".encode(), "\u212a".encode())


def _scan_wrapped(data: bytes, low: bytes, matched: set, add: object, index: bytes = b"") -> None:
    """Messages broken across lines: try each anchor line (and the one before) joined."""
    from envcheck.importers.extract.lines import strip_prefix, windows

    starts = textindex.line_starts(low, _ANCHORS_MIN, MAX_WINDOWS, index)
    if not starts:
        return
    offsets = sorted(starts)
    # 0-based line index of each start, counted incrementally
    idx: List[int] = []
    count, pos = 0, 0
    for s in offsets:
        count += data.count(b"\n", pos, s)
        pos = s
        idx.append(count)
    # a line that held a whole message needs no joining, nor does the line before it
    cand = sorted({j for i in idx if i not in matched for j in (i - 1, i) if j >= 0} - matched)
    if not cand:
        return
    lines = data.decode("utf-8", "replace").split("\n")
    tried = set()
    done = set()
    wins = list(windows(lines, [c for c in cand[:MAX_WINDOWS] if lines[c].strip()]))
    # str.lower() makes ASCII letters of two other characters only ("İ" -> "i̇", the Kelvin
    # sign -> "k"; every code point checked): the index, made from the bytes, holds for the
    # windows of any text without them (a progress bar's block characters do not void it)
    ascii_index = index if not any(c in data for c in _LOWER_TO_ASCII) else b""
    # a log repeats its lines, so its joined windows repeat too: a window's text that matched
    # nothing is not searched again (a megabyte of one repeated line is one search, not 4,500)
    fruitless: set = set()
    for n, eligible in _windows_with_a_key([w.lower() for _, w in wins], ascii_index):
        i, window = wins[n]
        if (i, window) in tried or i in done or window in fruitless:
            continue
        tried.add((i, window))
        found = False
        for p in eligible:
            if p.id in _ONE_LINE:
                continue
            m = p.regex.search(window[:4000])
            if m:
                found = True
                # a match that lies wholly on a later line is found there, not here
                if m.start() <= len(strip_prefix(lines[i])):
                    add(p, window, i + 1)  # type: ignore[operator]
                    done.add(i)
                break
        if not found:
            fruitless.add(window)


def _mark_components(text: str, entries: List[Dict[str, str]]) -> None:
    """Severity follows whether the component is the one doing the work, as far as the text
    shows: ``in_use: "no"`` for a notice from a framework the text does not show at work
    while another one is; ``severity: "warning"`` for TensorFlow's cudart load notice on its
    own (TF itself says to ignore it on a machine without a GPU set up; a missing cuDNN or
    cuBLAS, or "Cannot dlopen some GPU libraries", is the error)."""
    if not any(e["pattern"] in COMPONENT for e in entries):
        return
    working = frameworks_at_work(text)
    tf_gpu_failed = any(
        e["pattern"] == "cannot-dlopen-gpu-libraries"
        or (
            e["pattern"] == "could-not-load-dynamic-library"
            and not inferences.CUDART.search(e["line"])
        )
        for e in entries
    )
    for e in entries:
        comp = COMPONENT.get(e["pattern"])
        if comp == "tensorflow" and "external/org_tensorflow/" in e.get("line", ""):
            # jaxlib's XLA is built from the TensorFlow tree as an external repository: its
            # loader lines ("W external/org_tensorflow/.../dso_loader.cc") are jaxlib's own
            comp = "jax"
        if comp and working and comp not in working:
            e["in_use"] = "no"
            e["at_work"] = ",".join(working)
        elif comp and comp not in working:
            # the text shows no framework at work: whether this one does the job is unclear,
            # so its fallback notice is at most a warning
            e["severity"] = "warning"
        elif e["pattern"] == "could-not-load-dynamic-library" and not tf_gpu_failed:
            e["severity"] = "warning"


# Whole-text inferences, in order (a later one looks at what an earlier one added), each
# called as f(decoded text, lower-cased bytes, entries, source).
_FROM_THE_TEXT = (
    inferences.consumer_gpu_p2p_hang,
    inferences.nccl_collective_stall,
    inferences.slurm_job_without_gpus,
    inferences.gpu_not_given_to_container,
    inferences.cpu_device_chosen,
    inferences.jetson_framework_without_cuda,
    inferences.jetson_cuda_wheel_not_on_index,
    inferences.distutils_missing_on_new_python,
    inferences.no_nvidia_gpu,
    inferences.cuda_build_on_another_vendors_gpu,
    inferences.colab_without_gpu_runtime,
    inferences.nccl_system_error_in_container,
    inferences.visible_devices_past_the_gpus,
    symptoms.more_processes_than_visible_gpus,
    inferences.visible_devices_hide_the_gpus,
    # (after it: it says more where it applies)
    inferences.onnxruntime_device_is_cpu,
    inferences.cuda_path_variable_empty,
    inferences.unknown_error_at_sync_on_windows,
    inferences.tf_probe_without_a_gpu,
    inferences.tf_probe_beside_nvidia_smi,
    inferences.torch_version_assert,
    inferences.ib_not_seen,
    inferences.jetson_illegal_instruction,
    inferences.library_call_refused,
)
# ... and after the entries are settled (hedged, ENOSPC placed): what the reporter describes
_FROM_THE_SYMPTOMS = (
    symptoms.oom_used_to_fit,
    symptoms.python_newer_fails,
    symptoms.toolkit_installed,
    inferences.docker_gpu_on_a_mac,  # (after it: on a Mac neither reading holds)
    inferences.docker_desktop_on_linux,
    inferences.daemon_reload_drops_container_gpus,
    optix.container_without_graphics,
    symptoms.hardware_fault_suspected,
    symptoms.input_bound,
    symptoms.loader_time_dominates,  # (after it: a stated slow read says more)
    symptoms.multi_gpu_hang,
    symptoms.multi_gpu_nan,
    symptoms.multi_node_fails,
    symptoms.wsl_process_killed,
    symptoms.wsl_memory_cap,
    symptoms.container_process_killed,
    installs.extra_index_cpu_torch,
    installs.package_syntax_error,
    installs.pip_release_newer_than_offered,
    installs.pip_downgraded_what_it_installed,
    installs.vgpu_slows_down,
    installs.nvcc_not_the_installed_toolkit,
    installs.nvcc_installed_not_on_path,
    installs.jetson_slower_than_benchmark,
    installs.pip_replaced_torch,
    installs.conda_cudatoolkit_conflict,
    installs.windows_torch_without_cuda,
    installs.triton_on_native_windows,
    installs.tensorflow1_cpu_package,
    installs.l4t_container_newer_than_host,
    installs.pip_too_old_for_the_wheel,
    sessions.gpu_only_as_root,
    sessions.works_in_shell_not_in_ide,
    sessions.remote_desktop_session,
    sessions.container_without_compute,
    sessions.sudo_loses_cuda_paths,
    symptoms.slurm_ddp_tasks,
    symptoms.gpus_per_task,
    symptoms.bundled_ptxas,
    symptoms.ptxas_of_the_stated_toolkit,
    symptoms.exclusive_mode,
    symptoms.busy_because_broken,
    symptoms.remote_data_slow,
    symptoms.libcuda_by_platform,
    symptoms.cgroup_v2_container,
    symptoms.pip_found_nothing,
    symptoms.cuda_build_not_on_index,
    symptoms.visible_devices_ignored,
    symptoms.container_dataloader_shm,
    symptoms.keras_pair,
    symptoms.kernel_update_lost_driver,
    runtime_symptoms.device_order_reversed,
    runtime_symptoms.llama_cpp_cpu_only,
    runtime_symptoms.vina_gpu_segfault,
    runtime_symptoms.format_beyond_the_gpu,
    runtime_symptoms.vulkan_ray_tracing_missing,
    runtime_symptoms.gpu_device_permission_stated,
    runtime_symptoms.windows_update_took_the_gpu,
    runtime_symptoms.gtx16_half_precision,
    symptoms.torch_cc_warning_cut,
    symptoms.nix_without_host_driver,
    cluster.allocatable_below_capacity,
    sessions.no_device_in_this_process,  # (after them all: only where nothing else explains)
    sessions.open_files_leak_stated,
    installs.cpu_quota,
    installs.extension_build_on_cpu_torch,
    installs.source_build_failed,  # only where nothing above was found
    installs.torch_without_cuda,  # last: only when nothing above explained the text
    installs.framework_sees_no_gpu,  # (the same for TensorFlow's, JAX's answers)
    installs.tensorflow_native_windows,
    installs.cpu_fallback_notice,  # (and a program's own fallback notice after it)
)
_ALL_KEYS_MIN = _minimal(ALL_KEYS)
_ANCHORS_MIN = _minimal(_ANCHORS)
