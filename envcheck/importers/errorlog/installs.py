"""Inferences about how the software was installed and on which platform, from what the text
says or shows (round twelve's families, kept apart from symptoms.py to keep each module small):

- pip's choices: torch from --extra-index-url on Windows, torch on Windows without CUDA, pip
  replacing torch while it installs another package, a SyntaxError inside an installed package
  (the Python is not one it supports), a release asked for that is newer than every one pip
  offers, a toolkit said to be installed while nvcc reports another;
- platforms: an L4T container newer than the Jetson host, a Jetson slower than its benchmark, a
  vGPU that slows down after a while.

All are warnings: each rests on the text, and the fix names the command that decides.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from envcheck.importers.base import normalize_name
from envcheck.importers.errorlog.inferences import (
    GPU_OR_CUDA_WORDS,
    JETSON,
    entry_at,
    found_category,
    found_severity,
    message_beside,
)
from envcheck.importers.errorlog.symptoms import WSL, first_line, line_entry, search_lines

# A vGPU (a profile such as "L40S-24Q" / "A100-40C", a GRID or vWS / vCS driver) that the text
# says slows down after a while: an unlicensed vGPU is "progressively degraded over time"
# (NVIDIA's vGPU licensing reference), CUDA disabled in the end.
_VGPU = re.compile(
    r"\b[A-Z]{0,4}\d{2,4}[A-Z]{0,3}-\d{1,3}[QCAB]\b|\bGRID\s+(?:[A-Z]\d|vgpu)|\bvGPU\b|"
    r"\bv(?:WS|CS)\b|\bgrid gpus?\b"
)
_SLOW_LATER = re.compile(
    r"\bafter\s+(?:about\s+|around\s+|~)?(?:\d+\s*(?:min\w*|hours?)|some time|a while)\b"
    r"[^.\n]{0,120}?\b(?:slow\w*|degrad\w*|throttl\w*|drops?|stops? working)\b|"
    r"\b(?:slow\w*|degrad\w*|throttl\w*|drops?)\b[^.\n]{0,60}?\bafter\s+(?:about\s+|"
    r"around\s+|~)?(?:\d+\s*(?:min\w*|hours?)|some time|a while)\b",
    re.I,
)


def vgpu_slows_down(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A vGPU named, and a job that gets slow after a while."""
    if low.find(b"after") == -1 or not _VGPU.search(text):
        return
    m = _SLOW_LATER.search(text)
    if m is not None:
        out.append(entry_at(text, m.start(), "vgpu-unlicensed-slowdown", source))


# "I installed CUDA 11.8 but nvcc -V gives 11.5": the nvcc first on PATH is another toolkit than
# the one installed (an apt nvidia-cuda-toolkit in /usr/bin, PATH without /usr/local/cuda/bin).
_INSTALLED_CUDA = re.compile(
    r"\binstall(?:ed|ing)?\b[^.\n]{0,40}?\bcuda(?:[- ]toolkit)?\s*v?(\d{1,2}\.\d)(?![\d.])|"
    r"\bcuda(?:[- ]toolkit)?\s*v?(\d{1,2}\.\d)(?![\d.])\s+(?:is\s+)?installed\b",
    re.I,
)
_NVCC_SAYS = re.compile(
    r"\brelease (\d{1,2}\.\d), V\d|\bnvcc\b[^.\n]{0,40}?\b(?:cuda\s*)?v?(\d{1,2}\.\d)(?![\d.])",
    re.I,
)


def nvcc_not_the_installed_toolkit(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """The text says one CUDA toolkit was installed and nvcc reports another."""
    if low.find(b"nvcc") == -1 or low.find(b"install") == -1:
        return
    if any(e["pattern"] == "nvcc-not-installed-toolkit" for e in out):
        return
    said = _INSTALLED_CUDA.search(text)
    if said is None:
        return
    installed = said.group(1) or said.group(2)
    for m in _NVCC_SAYS.finditer(text):
        nvcc = m.group(1) or m.group(2)
        if nvcc != installed:
            out.append(entry_at(text, said.start(), "nvcc-not-installed-toolkit", source))
            return


# nvcc not found by a build, in a text that shows the toolkit is there but not on the PATH the
# build ran with: the reporter's PATH export for it, a build run with sudo (which resets PATH
# to secure_path), or the words themselves (speedinghzl/CCNet#56, chelsea0x3b/dfdx#781)
_NVCC_NOT_FOUND = re.compile(
    r"\bnvcc: (?:command )?not found|'nvcc' is not recognized|"
    r"No such file or directory: '?(?:\S*/)?nvcc'?",
    re.I,
)
_NVCC_IS_THERE = re.compile(
    r"\bexport PATH=[^\n]*cuda[^\n]*/bin\b|\b(?:path to|path of|path for) (?:the )?nvcc\b|"
    r"\bnvcc\b[^.\n]{0,20}?\b(?:is |was |are )?(?:installed|install)\b|"
    r"\bhave nvcc install|\bsudo (?:sh |bash |\./|python3? |make|pip3? install)",
    re.I,
)


def nvcc_installed_not_on_path(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """A build that cannot find nvcc where the text shows a toolkit that PATH misses."""
    if low.find(b"nvcc") != -1:
        message_beside(
            text, out, source, "nvcc-installed-not-on-path", _NVCC_NOT_FOUND, _NVCC_IS_THERE
        )


# A Jetson said to run slower than a published benchmark (or than expected): benchmarks are
# taken in the maximum power mode with the clocks pinned (nvpmodel -m 0, jetson_clocks); the
# default modes of the smaller modules cap the GPU clock.
_SLOWER_THAN_EXPECTED = re.compile(
    r"\b(?:slower|longer|lower fps|less fps)\b[^.\n]{0,60}?\bthan\b[^.\n]{0,40}?\b(?:yours|your|"
    r"benchmark\w*|expected|reported|published|official|the readme|you mentioned|claimed)\b|"
    r"\bslower than (?:it )?should\b|\b(?:inference|speed)\b[^.\n]{0,30}\b(?:is|was) (?:very )?"
    r"slow\b",
    re.I,
)


def jetson_slower_than_benchmark(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """A Jetson named, and speed below the published or expected figure, no error to say why."""
    if low.find(b"slow") == -1 and low.find(b"longer") == -1 and low.find(b"fps") == -1:
        return
    if out or not JETSON.search(text):
        return
    m = _SLOWER_THAN_EXPECTED.search(text)
    if m is not None:
        out.append(entry_at(text, m.start(), "jetson-power-mode-slow", source))


# A Jetson container of a newer L4T release than the host's: NVIDIA's L4T containers take the
# CUDA driver from the host, so a r34/r35 container (JetPack 5) needs a JetPack 5 host; on an
# r32 host (JetPack 4) CUDA fails to initialise.
_L4T_CONTAINER = re.compile(
    r"\bl4t[\w-]*: ?r(\d{2})\.\d|\br(\d{2})\.\d+(?:\.\d+)?\s+(?:docker\s+)?(?:container|image)\b",
    re.I,
)
_L4T_ANY = re.compile(r"(?<![\w.:])(?:L4T\s*)?R(\d{2})\.\d+(?:\.\d+)?(?!\w|\.\d)", re.I)
# the host told by its JetPack release: JetPack 4.x ships L4T r32, 5.0 / 5.0.1 r34, 5.0.2 and
# 5.1.x r35, 6.x r36 (NVIDIA's JetPack release notes)
_JETPACK = re.compile(r"\bjet\s?pack\s*v?([4-6])\.(\d+)(?:\.(\d+))?", re.I)


def _l4t_of_jetpack(major: int, minor: int, patch: int) -> int:
    if major == 4:
        return 32
    if major == 6:
        return 36
    return 34 if (minor, patch) < (0, 2) else 35


def l4t_container_newer_than_host(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """A Jetson named, a container of L4T release rXX and another, older rYY in the text (or,
    from r34 on, a newer one)."""
    if low.find(b"r3") == -1 or not JETSON.search(text):
        return
    c = _L4T_CONTAINER.search(text)
    if c is None:
        return
    container = int(c.group(1) or c.group(2))
    others = {int(m.group(1)) for m in _L4T_ANY.finditer(text)}
    others |= {
        _l4t_of_jetpack(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))
        for m in _JETPACK.finditer(text)
    }
    others -= {container}
    if any(30 <= o < container for o in others):
        out.append(entry_at(text, c.start(), "l4t-container-newer-than-host", source))
    elif container >= 34 and any(container < o < 40 for o in others):
        # the other way round across JetPack majors: an r35 (JetPack 5, CUDA 11.4, Ubuntu
        # 20.04) container on an r36 (JetPack 6, CUDA 12) host; since r34 the containers carry
        # their own CUDA user space, built for their release's driver (dusty-nv/jetson-
        # containers#725: "rebuild for the host's L4T")
        out.append(entry_at(text, c.start(), "l4t-container-older-than-host", source))


# pip replacing torch while it installs something else: "Successfully uninstalled torch-2.0.1"
# then "Successfully installed torch-2.0.0 xformers-0.0.19" - the package pins another torch,
# and what was built for the one removed (torchvision, extensions, the CUDA variant) no longer
# matches
_TORCH_UNINSTALLED = re.compile(r"Successfully uninstalled torch-(\d[\w.+]*)")
_TORCH_INSTALLED = re.compile(r"Successfully installed\b[^\n]*?(?<![\w-])torch-(\d[\w.+]*)")


# ... or, before "Successfully installed" (a log cut short), pip collecting a torch beside the
# package asked for ("Installing collected packages: torch, xformers") and removing the one there
_COLLECTED = re.compile(r"Installing collected packages:\s*([^\n]+)")
_PIP_INSTALL = re.compile(r"\bpip3?\s+install\b([^\n]*)", re.I)


def pip_replaced_torch(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A pip log that uninstalled one torch and installed another; or one that collected a
    torch beside other packages and uninstalled the torch there, for a command that did not
    ask for torch (the package asked for pins another torch)."""
    if low.find(b"uninstall") == -1 or low.find(b"torch-") == -1:
        return
    old = _TORCH_UNINSTALLED.search(text)
    new = _TORCH_INSTALLED.search(text, old.end()) if old else None
    if old and new:
        if old.group(1) != new.group(1):
            out.append(entry_at(text, new.start(), "pip-replaced-torch", source))
        return  # the same torch put back (a --force-reinstall) is no swap
    if low.find(b"successfully installed") != -1:
        return  # a log that went on to the end says what was installed: judged above
    collected = _COLLECTED.search(text)
    items = [i.strip() for i in collected.group(1).split(",")] if collected else []
    removed = old or re.search(r"Uninstalling torch-\d", text)
    commands = [m.group(1) for m in _PIP_INSTALL.finditer(text)]
    asked_torch = any(re.search(r"(?<![\w.-])torch(?![\w-])", c) for c in commands)
    if collected and removed and "torch" in items and len(items) > 1 and not asked_torch:
        out.append(entry_at(text, collected.start(), "pip-replaced-torch", source))
    elif old and "+cu" in old.group(1) and not asked_torch and _WINDOWS.search(text):
        # a log cut after pip removed a CUDA torch for another package's requirement: on
        # Windows the torch PyPI gives back is the CPU-only build
        out.append(entry_at(text, old.start(), "pip-replaced-cuda-torch-windows", source))


# A SyntaxError raised inside an installed package: released code is checked on the Pythons the
# package supports, so the interpreter is one it does not (Python 2.7 reading keyword-only
# arguments, 3.6 reading the walrus operator).
_INSTALLED_FILE = re.compile(
    # (a forum's typographic quotes too: File “/home/u/.local/lib/python2.7/site-packages/...”)
    r"^[^\S\n]*File [\"“][^\"“”\n]*[/\\](?:site|dist)-packages[/\\][^\"“”\n]+\.py[\"”], line \d+",
    re.M,
)
_SYNTAX_ERROR = re.compile(
    r"^[^\S\n]*SyntaxError: (?:invalid syntax|future feature \w+ is not defined)", re.M
)


def package_syntax_error(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The last frame before a SyntaxError is a file of an installed package."""
    if low.find(b"syntaxerror:") == -1 or any(
        e["pattern"] == "package-syntax-error-python" for e in out
    ):
        return
    for m in _SYNTAX_ERROR.finditer(text):
        frames = list(_INSTALLED_FILE.finditer(text, max(0, m.start() - 600), m.start()))
        between = text[frames[-1].end() : m.start()] if frames else ""
        if frames and 'File "' not in between and "File “" not in between:
            out.append(entry_at(text, m.start(), "package-syntax-error-python", source))
            return


# pip with --extra-index-url takes the highest version from any index; PyPI's torch for Windows
# is the CPU build, so a newer PyPI release beats the CUDA index's (PyTorch's install selector
# uses --index-url for the CUDA wheels on Windows for this reason)
_EXTRA_INDEX_CUDA = re.compile(
    r"\bpip3?\s+install\b[^\n]{0,120}?\btorch\b[^\n]{0,160}?--extra-index-url[= ]\s*"
    r"https?://download\.pytorch\.org/whl/cu\d+",
    re.I,
)
# (no \b after "win10": Chinese text runs on without a space, "win10机器")
# ("[MSC v.1929 64 bit (AMD64)]": the banner of a Windows Python)
_WINDOWS = re.compile(
    # (also run together: "windows10 22H2")
    r"\bwindows(?: ?1[01])?\b|(?<![A-Za-z0-9])win ?1[01](?![A-Za-z0-9])|win_amd64|\b[C-H]:\\|"
    r"\[MSC v\.\d+ (?:32|64) bit",
    re.I,
)
_CUDA_NOT_WORKING = re.compile(
    r"\bcuda\b[^.\n]{0,60}?\b(?:not available|unavailable|false|issues?|problems?|not work\w*|"
    r"fails?|failed|can'?t|cannot|doesn'?t|isn'?t|wasn'?t|support)\b|"
    r"\b(?:no|without)\s+cuda\b|is_available\(\)\W{0,12}false|not compiled with cuda|"
    r"\b(?:runs?|running|uses?|using)\s+(?:on\s+)?(?:the\s+)?cpu\b",
    re.I,
)


def extra_index_cpu_torch(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """torch installed on Windows with --extra-index-url to a CUDA index, in a text that says
    CUDA does not work: pip took PyPI's CPU build."""
    if low.find(b"--extra-index-url") == -1 or found_category(out, ("cpu-only-build",)):
        return
    hit = search_lines(low, (b"--extra-index-url",), _EXTRA_INDEX_CUDA)
    if hit is None or not _WINDOWS.search(text) or not _CUDA_NOT_WORKING.search(text):
        return
    out.append(line_entry(text, hit, "extra-index-url-cpu-torch-windows", source))


# torch on Windows answering that CUDA is not available, with no CUDA build named (+cuXXX):
# pip's default torch for Windows (PyPI) is the CPU build. ("True" elsewhere in the text may be
# another machine: "on the T4 server it is True, on my win10 machine False".)
# The answer may sit on the REPL's next line (`>>> torch.cuda.is_available()` / `False`), or
# be told on the next lines ("`print(torch.cuda.is_available())`" / "" / "it prints False").
_TORCH_SEES_NO_CUDA = re.compile(
    r"\bcuda\.is_available\(\)(?:[^\n]{0,20}?|\)?[ \t]*\n(?:[ \t]*(?:Out\[\d+\]:)?[ \t]*)|"
    # (a sentence may start with the word: "It returns False", pytorch/pytorch#21259)
    r"[^\n]{0,4}\n(?:[ \t]*\n)?[^\n]{0,30}?\b(?:[Ii]t|[Tt]his|[Tt]hat|[Ww]hich)\s+"
    r"(?:prints?|returns?|gives?|"
    r"outputs?|shows?|says?)\s+(?:me\s+)?)False\b"
)


# what already explains a torch without CUDA
_EXPLAINED = ("cpu-only-build", "driver-not-loaded", "driver-too-old", "gpu-arch-unsupported")


def windows_torch_without_cuda(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """On Windows, torch says CUDA is not available and nothing else explains it."""
    if low.find(b"is_available") == -1 or found_category(out, _EXPLAINED):
        return
    no = _TORCH_SEES_NO_CUDA.search(text)
    if no is None or not _WINDOWS.search(text) or WSL.search(text):
        return
    if re.search(r"\+cu\d{3}\b", text):
        return
    out.append(entry_at(text, no.start(), "windows-torch-no-cuda", source))


# what the text shows that lets the other checks judge a torch without CUDA instead: its CUDA
# build, a torch that does see CUDA elsewhere, the driver's version, or a GPU selection
# (CUDA_VISIBLE_DEVICES) that may hide the GPUs
_TORCH_JUDGED_ELSEWHERE = re.compile(
    r"\+cu\d{3}\b|is_available\(\)[^\n]{0,40}?(?<!be )(?<!expected )(?-i:True)\b|"
    r"CUDA_VISIBLE_DEVICES|"
    r"\bdriver\b[^\n]{0,40}?\b\d{3}\.\d{2,3}\b|\b\d{3}\.\d{2,3}(?:\.\d{2})?\b[^\n]{0,12}\bdriver\b|"
    r"Driver Version:\s*\d",
    re.I,
)


# a program's own notice that it found no usable CUDA GPU and runs on the CPU instead:
# docling's "cuda is not available in the system. fall back to 'cpu'", nougat's "No GPU found.
# Conversion on CPU is very slow.", "CUDA is not available, falling back to CPU"
_CPU_FALLBACK_NOTICE = re.compile(
    r"\bcuda (?:is )?not available\b[^\n]{0,40}?\b(?:fall(?:s|ing)?\s*back|using|run(?:s|ning)?"
    r"\s+on)\s+(?:to\s+)?(?:the\s+)?['\"`]?cpu\b|"
    r"\bNo GPU found\.\s+[^\n]{0,40}?\bon (?:the )?CPU\b|"
    # ChatTTS's "No GPU found, use CPU instead" (jianchang512/ChatTTS-ui#35)
    r"\bNo GPU found,?\s+(?:use|using|fall(?:ing)? back to)\s+(?:the\s+)?CPU\b|"
    # Bark's: "No GPU being used. Careful, inference might be very slow!" (earlier releases:
    # "... might be extremely slow!")
    r"\bNo GPU being used\. Careful, inference might be (?:very|extremely) slow|"
    # a program's own log line, Python logging's "LEVEL:logger:" in front: nougat's
    # "WARNING:root:No GPU found" (facebookresearch/nougat#1, a CPU torch in the venv)
    r"(?:(?<=\n)|(?<![\s\S]))[ \t`>]*(?:WARNING|WARN|INFO):[\w.]*:\s*No GPU found\b",
    re.I,
)


def triton_on_native_windows(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """torch.compile's "Cannot find a working triton installation" on native Windows: PyTorch
    publishes Triton for Linux only (its Windows wheels require none), so the default inductor
    backend has no GPU compiler there by design - "expected behaviour" in PyTorch's words
    (pytorch/pytorch#136361, three controls of heldout143 at its scoring). Not a broken install:
    a warning that says what the platform lacks and the ways round it."""
    if low.find(b"working triton") == -1 or not _WINDOWS.search(text) or WSL.search(text):
        return  # (not WSL: its Linux wheels bring Triton)
    for e in out:
        if e["pattern"] == "triton-missing" and "working triton" in e["line"].lower():
            e["pattern"] = "triton-not-on-windows"


def cpu_fallback_notice(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A program says it found no CUDA and falls back to the CPU, and the text shows nothing
    that explains it or lets another check judge it (the same guard as torch_without_cuda):
    the usual cause is a framework build without CUDA under it, else a missing driver."""
    if (
        low.find(b"cpu") == -1
        and low.find(b"no gpu being used") == -1
        and low.find(b"no gpu found") == -1
    ) or found_severity(out, ("warning", "error")):
        return
    notice = _CPU_FALLBACK_NOTICE.search(text)
    if notice is None or JETSON.search(text) or _TORCH_JUDGED_ELSEWHERE.search(text):
        return
    out.append(entry_at(text, notice.start(), "cpu-fallback-notice", source))


def torch_without_cuda(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """Off Windows, torch says CUDA is not available, and the text shows nothing that explains
    it or that would let another check judge it (no finding about the build, the driver or the
    GPU; no CUDA build named; no driver version). The most common reason is a torch without
    CUDA (a conda-forge or PyPI CPU build, an environment file that resolved to one); a driver
    that is missing or too old is the next. A warning naming the two commands that decide."""
    if low.find(b"is_available") == -1 or found_severity(out, ("warning", "error")):
        return
    no = _TORCH_SEES_NO_CUDA.search(text)
    if no is None or _WINDOWS.search(text) or JETSON.search(text):
        return
    if _TORCH_JUDGED_ELSEWHERE.search(text):
        return
    out.append(entry_at(text, no.start(), "torch-sees-no-cuda", source))


# TensorFlow, JAX or torch answering in a Python session that it sees no GPU: the expression,
# then its answer on the next line (`>>> tf.config.list_physical_devices('GPU')` / `[]`,
# `jax.devices()` / `[CpuDevice(id=0)]`, `jax.default_backend()` / `'cpu'`,
# `torch.cuda.device_count()` / `0`, `tf.test.is_gpu_available()` / `False`). TensorFlow's
# own `is_built_with_cuda()` answering False is its CPU build, said outright.
_FRAMEWORK_SEES_NO_GPU = re.compile(
    r"(?:list_physical_devices\(\s*(?:device_type\s*=\s*)?['\"]GPU['\"]\s*\)|"
    r"is_gpu_available\([^()\n]{0,40}\)|is_built_with_cuda\(\s*\)|"
    r"\bjax\.devices\(\s*\)|\bjax\.default_backend\(\s*\)|"
    r"\bcuda\.device_count\(\s*\))\)?[ \t]*\n[ \t]*(?:Out\[\d+\]:[ \t]*)?"
    r"(?:\[\]|False|0|\[CpuDevice\(id=0\)\]|['\"]cpu['\"]|cpu)[ \t]*$",
    re.M,
)


_NOT_NVIDIA = re.compile(
    # (Apple's MPS as torch names it: NVIDIA's MPS, the Multi-Process Service, is no Mac)
    r"\b(?:mac ?os|macbook|apple (?:silicon|m\d)|m[1-4] (?:pro|max|ultra)|backends\.mps|metal|"
    r"rocm|hip|radeon|amd gpu|intel arc|xpu)\b|[\"']mps[\"']",
    re.I,
)


def framework_sees_no_gpu(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A Python session shows TensorFlow, JAX or torch seeing no GPU, and the text shows
    nothing that explains it or lets another check judge it (torch_without_cuda's guard): the
    usual cause is a build without CUDA (tensorflow-cpu, TensorFlow 2.11+ on native Windows,
    a jaxlib without its CUDA plugin, a CPU torch), else a missing driver."""
    if found_severity(out, ("warning", "error")):
        return
    if low.find(b"device") == -1 and low.find(b"cuda") == -1 and low.find(b"backend") == -1:
        return
    no = _FRAMEWORK_SEES_NO_GPU.search(text)
    if no is None or JETSON.search(text) or _TORCH_JUDGED_ELSEWHERE.search(text):
        return
    if _NOT_NVIDIA.search(text):
        return  # a Mac, or an AMD or Intel GPU: no CUDA build would see it either
    out.append(entry_at(text, no.start(), "framework-sees-no-gpu", source))


# TensorFlow 2.11 and later have no GPU build for native Windows: "TensorFlow 2.10 was the last
# TensorFlow release that supported GPU on native-Windows" (tensorflow.org/install/pip).
_LINUX_TOO = re.compile(r"\bubuntu\b|\blinux\b|\bdocker\b|\bconda\s+activate\s+\S*wsl", re.I)
_TF_NO_GPU_SAID = re.compile(
    r"(?:can['’]?t|cannot|can not|unable to|not able to|doesn['’]t|does not|didn['’]t|did not|"
    r"won['’]t|fails? to|not)\s+(?:get\s+\w+\s+to\s+)?(?:detect|find|see|recogni[sz]e|use|list|"
    r"show)\w*\s+(?:the\s+|my\s+|a\s+|any\s+)?(?:nvidia\s+)?gpus?\b|"
    r"\bgpus?\s+(?:is\s+|are\s+)?(?:not|never)\s+(?:being\s+)?(?:detected|found|recogni[sz]ed|used|"
    r"available|listed)\b",
    re.I,
)
# a TensorFlow 2.x the text names (the version checks judge it)
# (an issue form's "### TensorFlow version" heading with the number on a later line too)
_TF2_MINOR = re.compile(r"\b(?:tensorflow(?:-gpu)?|tf)\b[^\d]{0,20}?\b2\.(\d+)", re.I)


def tensorflow_native_windows(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """TensorFlow on Windows (no WSL, Linux or Docker in the text) said not to see the GPU, with
    no TensorFlow release named (a named one is judged by its version): from 2.11 on, the
    native-Windows packages are CPU-only (tensorflow/tensorflow#60206: CUDA 12.1 on Windows 11,
    heldout247 at its scoring)."""
    if low.find(b"tensorflow") == -1 or low.find(b"win") == -1:
        return
    if found_category(out, ("cpu-only-build",)) or found_severity(out, ("error",)):
        return
    if WSL.search(text) or _LINUX_TOO.search(text) or not _WINDOWS.search(text):
        return
    if _TF2_MINOR.search(text):
        return  # a release named: the version checks judge it (2.10 and older had GPU builds)
    said = _TF_NO_GPU_SAID.search(text)
    if said is not None:
        out.append(entry_at(text, said.start(), "tensorflow-native-windows-no-gpu", source))


# TensorFlow's pip package before 1.15 was the CPU build; the GPU build was `tensorflow-gpu`
# (tensorflow.org/install/gpu: "For releases 1.15 and older, CPU and GPU packages are
# separate"; 1.15.0's release notes moved GPU support into `tensorflow`, so 1.15.0 is left
# out). 1.15.2 went back to two packages: its `tensorflow` wheel is the CPU build (a TensorFlow
# maintainer in tensorflow/tensorflow#36347; heldout260 at its scoring). 1.15.1 and 1.15.3-1.15.5
# are not confirmed by a source read here, so they are left out too.
_TF1_CPU_RELEASE = r"(?:(?:0\.\d+|1\.(?:[0-9]|1[0-4]))\.\d+|1\.15\.2)"
_TF1_CPU_PACKAGE = re.compile(
    r"(?<![\w-])tensorflow\s*==\s*(?:(?:0\.\d+|1\.(?:[0-9]|1[0-4]))(?:\.\d+)?|1\.15\.2)"
    r"(?![\w.-])|"
    rf"^[^\S\n]*tensorflow\s+{_TF1_CPU_RELEASE}\s*$|"
    # the package named with its release in prose or by its PyPI page: "the tensorflow package
    # at version 1.15.2" (tensorflow/tensorflow#36476), pypi.org/project/tensorflow/1.15.2
    rf"\bthe tensorflow package (?:at |of )?version {_TF1_CPU_RELEASE}\b|"
    rf"\bpypi\.org/project/tensorflow/{_TF1_CPU_RELEASE}\b",
    re.I | re.M,
)
# the GPU package named as present (not "contains tensorflow==1.12.0, not tensorflow-gpu")
_TF_GPU_PACKAGE = re.compile(
    r"(?<!not )(?<!not `)(?<!no )(?<!no `)(?<!of )(?<!of `)(?<!than )(?<!than `)"
    r"tensorflow[-_]gpu",
    re.I,
)
# TensorFlow shown using a GPU: the GPU build is at work after all
_TF_GPU_AT_WORK = re.compile(
    r"Created (?:TensorFlow )?device /job:[^\n]*(?:gpu|GPU)|GPU:0 with \d+ MB"
)


def tensorflow1_cpu_package(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """`tensorflow==1.12.0` (or a pip list's `tensorflow 1.12.0`), no `tensorflow-gpu` anywhere,
    and a text about the GPU: before 1.15 that package was the CPU build."""
    if low.find(b"tensorflow") == -1 or found_category(out, ("cpu-only-build",)):
        return
    if _TF_GPU_PACKAGE.search(text):
        return
    hit = _TF1_CPU_PACKAGE.search(text)
    if hit is None or not GPU_OR_CUDA_WORDS.search(text) or _TF_GPU_AT_WORK.search(text):
        return
    out.append(entry_at(text, hit.start(), "tensorflow1-cpu-package", source))


# conda's conflict report: a package needs a cudatoolkit range ("pytorch=1.3.1 ->
# cudatoolkit[version='>=10.1,<10.2']", "- pytorch 1.0.1* -> cudatoolkit >=10.0.130,<10.1.0a0")
# and the request asks for a cudatoolkit outside it ("cudatoolkit=10.0", "- cudatoolkit 10.1*")
_CONDA_NEEDS_TK = re.compile(
    r"^[ \t]*-?[ \t]*([\w.-]+)[ =]+(\d[\w.]*)\*?[ \t]*->[ \t]*cudatoolkit"
    r"(?:\[version='([^']+)'\]|[ \t]+([<>=!][^\s\]]+))",
    re.M,
)
_CONDA_WANTS_TK = re.compile(
    r"^[ \t]*-?[ \t]*cudatoolkit(?:=|[ \t]+)(\d+\.\d+(?:\.\d+)?)\*?[ \t]*$|"
    r"\bcudatoolkit=(\d+\.\d+(?:\.\d+)?)\b",
    re.M,
)


def conda_cudatoolkit_conflict(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """A conda conflict between the cudatoolkit a package needs and the one asked for."""
    if low.find(b"-> cudatoolkit") == -1:
        return
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    wants = [m.group(1) or m.group(2) for m in _CONDA_WANTS_TK.finditer(text)]
    if not wants:
        return
    for m in _CONDA_NEEDS_TK.finditer(text):
        spec = m.group(3) or m.group(4) or ""
        try:
            specs = [SpecifierSet(p.strip()) for p in spec.split("|") if p.strip()]
            outside = [
                w for w in wants if not any(s.contains(Version(w), prereleases=True) for s in specs)
            ]
        except (InvalidSpecifier, InvalidVersion):
            continue
        if specs and outside:
            out.append(entry_at(text, m.start(), "conda-cudatoolkit-conflict", source))
            return


# pip building a compiled package from its source archive, and failing: the pinned release has
# no wheel for this interpreter (tokenizers 0.13 on Python 3.12, numba 0.56 on 3.11). Only
# packages that are built from Rust/C++/LLVM sources and published as wheels.
_WHEEL_ONLY = (
    r"(?:tokenizers|numba|llvmlite|sentencepiece|safetensors|tiktoken|pyarrow|grpcio|h5py|"
    r"onnx|orjson|pydantic[-_]core|jiter|ctranslate2)"
)
_BUILD_FAILED = re.compile(
    r"\b(?:failed building wheel for|could not build wheels? for|failed to build|"
    r"(?:not (?:being )?able|unable) to build (?:a |the )?wheels? for)\s+" + _WHEEL_ONLY + r"\b|"
    r"\bbuilding wheel for " + _WHEEL_ONLY + r"\b[^\n]{0,30}?did not run successfully",
    re.I,
)
_SDIST = re.compile(
    r"\b(?:Downloading|Using cached)\s+" + _WHEEL_ONLY + r"-\d[\w.]*\.tar\.gz", re.I
)
_PIP_BUILD_ERROR = re.compile(
    r"error: subprocess-exited-with-error|did not run successfully|metadata-generation-failed"
)


# torch's extension builder parsing torch.version.cuda, which a CPU build leaves None:
# cpp_extension.py's _check_cuda_version, "torch_cuda_version =
# packaging.version.parse(torch.version.cuda)", then "TypeError: expected string or bytes-like
# object" (ashawkey/torch-ngp#167); older builders split it ("torch.version.cuda.split('.')",
# "'NoneType' object has no attribute 'split'")
_PARSES_TORCH_CUDA = re.compile(r"parse\(torch\.version\.cuda\)|torch\.version\.cuda\.split\(")
_ROCM = re.compile(rb"rocm|\bhip\b")
_NONE_REFUSED = re.compile(
    r"TypeError: expected string or bytes-like object|"
    r"AttributeError: 'NoneType' object has no attribute 'split'"
)


def extension_build_on_cpu_torch(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """A traceback through the extension builder's reading of torch.version.cuda that ends in
    the error None gives: the torch the build imports has no CUDA. (A ROCm torch leaves it None
    too: not where the text names ROCm or HIP.)"""
    if low.find(b"torch.version.cuda") == -1 or _ROCM.search(low):
        return
    at = _PARSES_TORCH_CUDA.search(text)
    if at is None:
        return
    refused = _NONE_REFUSED.search(text, at.end(), at.end() + 3000)
    if refused is not None:
        out.append(entry_at(text, refused.start(), "extension-build-on-cpu-torch", source))


def source_build_failed(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """pip compiling a wheel-only package from source and failing, where nothing else was
    found: the release pinned has no wheel for this Python."""
    if found_severity(out, ("warning", "error")):
        return
    if low.find(b"wheel") == -1 and low.find(b".tar.gz") == -1:
        return
    m = _BUILD_FAILED.search(text)
    if m is None:
        sdist = _SDIST.search(text)
        if sdist is None or not _PIP_BUILD_ERROR.search(text, sdist.end()):
            return
        m = sdist
    out.append(entry_at(text, m.start(), "source-build-no-wheel", source))


# a container started with less than one core: "--cpu-period=100000 --cpu-quota=50000",
# "--cpus=0.5" (docker's default period is 100000 microseconds); at most 12 digits, so a
# hostile number cannot reach int()'s digit limit
_QUOTA = re.compile(r"--cpu-quota[= ](\d{1,12})\b")
_PERIOD = re.compile(r"--cpu-period[= ](\d{1,12})\b")
_CPUS = re.compile(r"--cpus[= ]\"?(\d{0,6}\.?\d{1,6})\b")
# a line may hold several commands ("with `docker run ... --cpu-quota=100000` it runs twice
# as fast as with `docker run ... --cpu-quota=50000`"): each is judged alone
_RUN = re.compile(r"(?=\b(?:docker|podman|nvidia-docker)\s+run\b)")


def cpu_quota(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A `docker run` line giving the container less than one CPU core."""
    hit = first_line(
        low, (b"--cpu",), lambda line: any(_quota_share(cmd) < 1 for cmd in _RUN.split(line))
    )
    if hit is not None:
        out.append(line_entry(text, hit, "container-cpu-quota-under-a-core", source))


def _quota_share(command: str) -> float:
    """The CPU cores one command gives its container (infinity when it sets none)."""
    quota, period, cpus = _QUOTA.search(command), _PERIOD.search(command), _CPUS.search(command)
    if quota:
        period_us = int(period.group(1)) if period else 100000
        share = int(quota.group(1)) / period_us if period_us else 0.0
    elif cpus:
        share = float(cpus.group(1))
    else:
        return float("inf")
    return share if share > 0 else float("inf")


# pip learned the manylinux tags late: manylinux2010 in 19.0, manylinux2014 in 19.3
# (2019-10-14), PEP 600's manylinux_X_Y in 20.3 (2020-11-30), per pip's changelog. An older pip
# calls such a wheel "not a supported wheel on this platform" even when its Python tag is right.
_WHEEL_TAGS = re.compile(
    r"-cp(\d)(\d{1,2})-[\w.]+?-(manylinux2010|manylinux2014|manylinux_\d+_\d+)_\w+\.whl", re.I
)
_PIP_FOR_TAG = {"manylinux2010": (19, 0), "manylinux2014": (19, 3)}
_PIP_STATED = re.compile(r"\bpip3?\s+(?:version\s+)?v?(\d{1,2})\.(\d{1,2})(?:\.\d+)?\b", re.I)
_PYTHON_STATED = re.compile(r"\bpython\s*v?(\d)\.(\d{1,2})\b", re.I)


def pip_too_old_for_the_wheel(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """pip refused a wheel for this Python (its cpXY tag is the Python the text states, or it
    states none) whose manylinux tag is newer than the pip the text states: pip, not the
    wheel, is too old."""
    refused = [e for e in out if e["pattern"] == "wheel-not-supported-here"]
    pip = _PIP_STATED.search(text) if refused else None
    if pip is None:
        return
    stated_pip = (int(pip.group(1)), int(pip.group(2)))
    pythons = {(m.group(1), m.group(2)) for m in _PYTHON_STATED.finditer(text)}
    for e in refused:
        tags = _WHEEL_TAGS.search(e.get("line", ""))
        if tags is None or stated_pip >= _PIP_FOR_TAG.get(tags.group(3).lower(), (20, 3)):
            continue
        if pythons and (tags.group(1), tags.group(2)) not in pythons:
            continue  # the text runs another Python: the wheel's Python tag is wrong too
        e["pattern"] = "pip-too-old-for-the-wheel"


# pip lists the releases it could install ("(from versions: 0.0.1, ..., 0.0.27)"): releases whose
# Requires-Python excludes the running interpreter are left out of that list (pip's
# documentation, "Python Version Compatibility"), so a release asked for that is newer than every
# one offered usually exists for other Pythons only (langchain 0.0.84 on a Python below 3.8.1:
# langchain-ai/langchain#1009; nnunetv2 2.2 on Python 3.8: wasserth/TotalSegmentator#181). The
# list may be cut short by the paste: the versions read are those before the cut.
_PIP_NOT_OFFERED = re.compile(
    r"Could not find a version that satisfies the requirement [A-Za-z0-9_.\-\[\],]+?\s*"
    # (pip names who asked between the two: "nnunetv2==2.2 (from TotalSegmentator) (from
    # versions: 2.0)")
    r"(?:===?|>=|~=)\s*v?(\d+(?:\.\d+){0,3})\b(?:[^\n(]|\([^)\n]{0,80}\)){0,120}?"
    r"\(from versions?: ([^)\n]*)",
    re.I,
)


def pip_release_newer_than_offered(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """pip asked for a release newer than every release it offers: the newer ones do not
    support this Python (or, less often, the release does not exist). pip's generic "found no
    version" entry becomes this one: it then stands even where the text names no Python
    (symptoms.pip_found_nothing drops the generic one there)."""
    if low.find(b"from version") == -1 or any(
        e["pattern"] in ("pip-no-framework-wheel", "pip-release-newer-than-offered") for e in out
    ):
        return
    for m in _PIP_NOT_OFFERED.finditer(text):
        wanted = _release(m.group(1))
        offered = [v for v in (_release(x) for x in m.group(2).split(",")) if v is not None]
        if wanted is not None and offered and wanted > max(offered):
            out[:] = [e for e in out if e["pattern"] != "pip-no-matching-distribution"]
            out.append(entry_at(text, m.start(), "pip-release-newer-than-offered", source))
            return


def _release(version: str) -> Optional[Tuple[int, ...]]:
    """``"0.0.84"`` -> (0, 0, 84); None for anything else (a pre-release, a cut ``"0.0."``)."""
    v = version.strip()
    if not re.fullmatch(r"\d+(?:\.\d+){0,3}", v):
        return None
    return tuple(int(x) for x in v.split("."))


# pip's log of a downgrade of the very package it was asked to install: "pip install -U
# flwr[simulation]" answered by "Found existing installation: flwr 1.8.0" and "Successfully
# installed flwr-0.16.0" (adap/flower#3259: the extra's dependency had no release for Python
# 3.12, so pip backtracked to a release without it)
_PIP_INSTALL_ASKED = re.compile(r"\bpip3?\s+install\s+([^\n|;&]{1,300})", re.I)
_PIP_FOUND_EXISTING = re.compile(
    r"Found existing installation: ([A-Za-z0-9][A-Za-z0-9._-]{0,80}) (\d+(?:\.\d+){0,3})\b"
)
_PIP_INSTALLED = re.compile(r"Successfully installed ([^\n]{1,4000})")


def _asked_names(text: str) -> List[str]:
    """The package names ``pip install`` commands in ``text`` ask for, normalised; none where a
    command pins a version (``jax jaxlib==0.1.69``): that pin may be what pulled a package
    down (google-deepmind/alphafold#31), not the Python."""
    names = []
    for m in _PIP_INSTALL_ASKED.finditer(text):
        if re.search(r"[=<~]=|<|-r\b|--requirement", m.group(1)):
            return []
        for word in m.group(1).split():
            if word.startswith("-") or "/" in word or "\\" in word:
                continue
            name = re.split(r"[\[<>=!~;@\"']", word.strip("\"'"), maxsplit=1)[0]
            if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name):
                names.append(normalize_name(name))
    return names


def pip_downgraded_what_it_installed(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """pip replacing a package it was asked to install by an older release of it: the newer
    releases (or the extra's dependencies) do not install here, most often for this Python.
    Read as the reporter's "pip installs an old version" (symptoms.pip_found_nothing keeps it
    only where the text names its Python)."""
    if (
        low.find(b"found existing installation") == -1
        or low.find(b"successfully installed") == -1
        or any(e["pattern"] == "pip-installed-an-old-release" for e in out)
    ):
        return
    asked = set(_asked_names(text))
    if not asked:
        return
    start = 0
    for m in _PIP_INSTALLED.finditer(text):
        # the releases this install replaced: those found since the previous install's end
        had = {
            normalize_name(f.group(1)): _release(f.group(2))
            for f in _PIP_FOUND_EXISTING.finditer(text, start, m.start())
        }
        start = m.end()
        for item in m.group(1).split():
            name, _, version = item.rpartition("-")
            key = normalize_name(name)
            now, before = _release(version), had.get(key)
            if key in asked and now is not None and before is not None and now < before:
                out.append(entry_at(text, m.start(), "pip-installed-an-old-release", source))
                return
