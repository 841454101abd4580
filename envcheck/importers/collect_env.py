"""``python -m torch.utils.collect_env`` output, in its historic formats.

- up to torch 1.x: ``PyTorch version: 1.6.0`` ... ``Is CUDA available: No`` ... ``Versions of
  relevant libraries:`` with ``[pip]``/``[pip3]``/``[conda]`` lines;
- torch 2.x: the same keys plus ``CUDA_MODULE_LOADING set to``, ``CPU:`` (lscpu or WMIC);
- newer (also vLLM's copy): banner sections (``==== PyTorch Info ====``) and padded keys
  (``PyTorch version              : 2.8.0+cu128``).

Meanings (not to be confused): ``CUDA used to build PyTorch`` is torch's own CUDA;
``CUDA runtime version`` is the *system* nvcc/toolkit; ``Nvidia driver version`` is the driver;
``cuDNN version`` lists system cuDNN libraries (not the one bundled in the wheel);
``Could not collect`` means unknown.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from envcheck.importers import base
from envcheck.snapshot import CpuMemory, OsInfo, PythonInfo, Snapshot, Unknown

NAME = "collect_env"

_KEY = re.compile(r"^[^\S\n]*(?P<key>[A-Za-z][A-Za-z0-9 _./()-]*?)\s*:\s?(?P<val>.*)$")
_MARKERS = (
    re.compile(r"^[^\S\n]*PyTorch version\s*:", re.M),
    re.compile(r"^[^\S\n]*CUDA used to build PyTorch\s*:", re.M),
    re.compile(r"^[^\S\n]*Is CUDA available\s*:", re.M),
    re.compile(r"^[^\S\n]*GPU models and configuration\s*:", re.M),
    re.compile(r"^[^\S\n]*Nvidia driver version\s*:", re.M),
)
_KNOWN_KEYS = {
    "pytorch version",
    "is debug build",
    "cuda used to build pytorch",
    "rocm used to build pytorch",
    "os",
    "gcc version",
    "clang version",
    "cmake version",
    "libc version",
    "python version",
    "python platform",
    "is cuda available",
    "cuda runtime version",
    "cuda_module_loading set to",
    "gpu models and configuration",
    "nvidia driver version",
    "cudnn version",
    "hip runtime version",
    "miopen runtime version",
    "is xnnpack available",
    "cpu",
    "versions of relevant libraries",
    "version of relevant libraries",
}
_GPU_LINE = re.compile(r"^[^\S\n]*GPU\s+(\d+)\s*[:：]\s*(.+?)\s*$")
_GPU_LIST = re.compile(r"^[^\S\n]*GPU\s+([\d,]+)\s*[:：]\s*(.+?)\s*$")
_MIG_LINE = re.compile(r"^[^\S\n]*MIG\s+\S+\s+Device\s+\d+\s*:")
_LIB_LINE = re.compile(r"^[^\S\n]*\[(pip3?|conda)\]\s+(.+?)\s*$")
_ARCH_WARNING = re.compile(
    r"(?P<name>[A-Za-z][\w .-]*?) with CUDA capability sm_(?P<cc>\d+) is not compatible", re.I
)
_SUPPORTED = re.compile(r"current PyTorch install supports CUDA capabilities\s+((?:sm_\d+\s*)+)")
_VERSION = re.compile(r"\d+(?:\.\d+)+(?:[.+\w-]*)")
_ENV_LINE = re.compile(r"^([A-Z][A-Z0-9_]*)=(.*)$", re.M)
_ENV_PREFIXES = (
    "CUDA_",
    "NCCL_",
    "NVIDIA_",
    "LD_LIBRARY_PATH",
    "PYTORCH_",
    "TORCH_",
    "VLLM_",
    "TF_",
    "XLA_",
    "OMP_NUM_THREADS",
)


def detect(text: str) -> bool:
    return sum(1 for m in _MARKERS if m.search(text)) >= 2


def _fields(text: str) -> Tuple[Dict[str, str], Dict[str, List[str]]]:
    """Known ``key: value`` pairs, and the continuation lines after each key."""
    values: Dict[str, str] = {}
    blocks: Dict[str, List[str]] = {}
    current: Optional[str] = None
    for line in text.split("\n"):
        if re.match(r"^[^\S\n]*=+\s*$", line) or re.match(r"^[^\S\n]*=+\s*[\w /]+=+\s*$", line):
            current = None
            continue
        m = _KEY.match(line)
        key = m.group("key").strip().lower() if m else None
        if m and key in _KNOWN_KEYS:
            if key not in values:  # first occurrence wins (reports sometimes repeat)
                values[key] = m.group("val").strip()
                blocks[key] = []
                current = key
            else:
                current = None
            continue
        if current is not None:
            if not line.strip():
                # a blank line ends a GPU / cuDNN list, but not the CPU / library blocks
                if current not in ("cpu", "versions of relevant libraries"):
                    current = None
                continue
            blocks[current].append(line)
    if "version of relevant libraries" in values:
        values.setdefault("versions of relevant libraries", "")
        blocks.setdefault("versions of relevant libraries", blocks["version of relevant libraries"])
    return values, blocks


def _yes_no(v: str) -> object:
    low = v.strip().lower()
    if low in ("true", "yes"):
        return True
    if low in ("false", "no"):
        return False
    out = base.stated(v)
    if isinstance(out, str):  # "T", "maybe": not a yes/no answer (a bool field must not hold it)
        return Unknown(f"unrecognised yes/no answer in the report: {v.strip()[:40]}")
    return out


def parse(text: str) -> Snapshot:
    snap = Snapshot()
    values, blocks = _fields(text)

    # --- torch itself ------------------------------------------------------------------------
    tv = values.get("pytorch version", "")
    m = _VERSION.search(tv)
    if m:
        base.add_package(snap, "torch", m.group(0), overwrite=True)
    torch = None
    if "cuda used to build pytorch" in values or "is cuda available" in values or m:
        torch = base.deep(snap, "torch")
    if torch is not None:
        built = values.get("cuda used to build pytorch")
        if built is not None:
            low = built.strip().lower()
            if low in ("none", "n/a"):
                torch.cuda_version = base.STATED_NONE
            elif low == "could not collect" and m:
                # torch 1.x prints None values as "Could not collect": with a real "PyTorch
                # version" this is torch.version.cuda == None (a build without CUDA)
                torch.cuda_version = base.STATED_NONE
            elif base.COULD_NOT_COLLECT.match(built) or not built.strip():
                torch.cuda_version = Unknown(f"the report says: {built.strip() or 'nothing'}")
            else:
                torch.cuda_version = base.cuda_major_minor(built) or Unknown(
                    f"unparseable: {built[:40]}"
                )
        avail = values.get("is cuda available")
        if avail is not None:
            torch.available = _yes_no(avail)
        torch.detail = "from collect_env"
        rocm = values.get("rocm used to build pytorch", "")
        if re.match(r"^[^\S\n]*\d", rocm):
            torch.detail = f"from collect_env: ROCm {rocm.strip()} build"

    # --- GPUs, driver ------------------------------------------------------------------------
    gpu_lines = []
    first = values.get("gpu models and configuration")
    if first is not None:
        gpu_lines = ([first] if first.strip() else []) + blocks.get(
            "gpu models and configuration", []
        )
    last = None
    for line in gpu_lines:
        g = _GPU_LINE.match(line)
        if g:
            last = gp = base.gpu(snap, int(g.group(1)))
            gp.name = g.group(2)
            continue
        if last is not None and _MIG_LINE.match(line):  # "  MIG 3g.40gb     Device  0:"
            last.mig_enabled = True
            continue
        g = _GPU_LIST.match(line)  # sglang-style "GPU 0,1,2,3: NVIDIA H100"
        if g:
            for idx in g.group(1).split(","):
                if idx.strip().isdigit():
                    base.gpu(snap, int(idx)).name = g.group(2)
    if gpu_lines and not base.driver(snap).gpus and base.COULD_NOT_COLLECT.match(gpu_lines[0]):
        base.driver(snap).gpus = Unknown(f"the report says: {gpu_lines[0].strip()}")

    drv = values.get("nvidia driver version")
    if drv is not None:
        d = base.driver(snap)
        dv = re.search(r"\d+\.\d+(?:\.\d+)?", drv)
        if dv:
            d.version = dv.group(0)
            d.source = "report:collect_env"
            d.status = "ok"
        else:  # "Could not collect", "No CUDA", "N/A": the report does not know
            d.version = Unknown(f"the report says: {drv.strip() or 'nothing'}")

    # The warning torch prints for an unsupported GPU states its compute capability and the
    # arch list of the installed build: both facts.
    # (the regex starts at every letter: skip it unless the phrase is there; 1 MB pastes)
    arch_warnings = _ARCH_WARNING.finditer(text) if "is not compatible" in text else iter(())
    for am in arch_warnings:
        cc_digits = am.group("cc")
        cc = f"{cc_digits[:-1]}.{cc_digits[-1]}"
        name = am.group("name").strip()
        gpus = base.driver(snap).gpus
        if not isinstance(gpus, list) or not gpus:
            base.gpu(snap, 0).name = name  # the warning names the device torch initialised
            gpus = base.driver(snap).gpus
        for gp in gpus if isinstance(gpus, list) else []:
            gname = gp.name.strip() if isinstance(gp.name, str) else ""
            if gname and (gname.endswith(name) or name.endswith(gname)):
                gp.compute_capability = cc
    sm = _SUPPORTED.search(text)
    if sm and torch is not None:
        torch.arch_list = sm.group(1).split()

    # --- CUDA toolkit, cuDNN -------------------------------------------------------------------
    rt = values.get("cuda runtime version")
    if rt is not None and base.COULD_NOT_COLLECT.match(rt):
        base.cuda(snap).toolkits = Unknown(f"the report says: {rt.strip()}")
    elif rt is not None and rt.strip():
        mm = base.cuda_major_minor(rt)
        if mm and rt.strip().lower() not in ("none",):
            base.add_toolkit(snap, mm, "nvcc (collect_env 'CUDA runtime version')")
            # collect_env runs `nvcc --version` from PATH: this is the nvcc that extension
            # builds find when CUDA_HOME is not set.
            for tk in base.cuda(snap).toolkits:
                if tk.version == mm and tk.found_by is None:
                    tk.found_by = "PATH"
    elif rt is not None and rt.strip().lower() in ("none",):
        base.cuda(snap).toolkits = []
    cud = values.get("cudnn version")
    if cud is not None:
        entries = ([cud] if cud.strip() else []) + blocks.get("cudnn version", [])
        _parse_cudnn(snap, entries)

    # --- OS, Python, CPU --------------------------------------------------------------------
    _parse_os(snap, values)
    _parse_cpu(snap, blocks.get("cpu", []))

    # --- environment variables (vLLM's collect_env prints the relevant ones) ------------------
    env = {
        m.group(1): m.group(2).strip()
        for m in _ENV_LINE.finditer(text)
        if m.group(1).startswith(_ENV_PREFIXES)
    }
    if env:
        snap.env = env

    # --- libraries -----------------------------------------------------------------------------
    for line in blocks.get("versions of relevant libraries", []):
        lm = _LIB_LINE.match(line)
        if lm:
            _library(snap, lm.group(1), lm.group(2))
    return snap


_MAIN_CUDNN = re.compile(r"(?:^|[/\\])(?:libcudnn\.so\.[\d.]+|cudnn64_\d+\.dll)$")


def _parse_cudnn(snap: Snapshot, entries: List[str]) -> None:
    # collect_env lists every cuDNN sub-library; the main one (libcudnn.so.X / cudnn64_X.dll)
    # stands for the install when it is listed.
    main = [e for e in entries if _MAIN_CUDNN.search(e.strip())]
    if main:
        entries = main
    for raw in entries:
        line = raw.strip()
        if not line or line.lower().startswith("probably one of the following"):
            continue
        if base.COULD_NOT_COLLECT.match(line):
            if not isinstance(base.cuda(snap).cudnn, list):
                base.cuda(snap).cudnn = Unknown(f"the report says: {line}")
            continue
        if line.lower() in ("none", "no"):
            base.cuda(snap).cudnn = []
            continue
        v = re.search(r"(?:libcudnn[\w]*\.so\.|cudnn[\w]*?_)(\d+(?:\.\d+)*)", line)
        if v:
            base.add_cudnn(snap, v.group(1), "library", line)
        elif re.fullmatch(r"\d+(\.\d+)*", line):
            ver = line
            if len(line) >= 4 and "." not in line:  # "7605" -> "7.6.5"; "8902" -> "8.9.2"
                ver = f"{int(line) // 1000}.{int(line) % 1000 // 100}.{int(line) % 100}"
            base.add_cudnn(snap, ver, "library")


def _parse_os(snap: Snapshot, values: Dict[str, str]) -> None:
    osv = values.get("os")
    osinfo = OsInfo()
    touched = False
    if osv and not base.COULD_NOT_COLLECT.match(osv):
        touched = True
        am = re.match(r"^(.*?)\s*\((x86_64|aarch64|arm64|ppc64le|AMD64|x64)\)\s*$", osv)
        osinfo.distribution = am.group(1) if am else osv.strip()
        if am:
            osinfo.architecture = am.group(2)
        low = osv.lower()
        if "windows" in low:
            osinfo.platform = "windows"
        elif "mac" in low or "darwin" in low:
            osinfo.platform = "darwin"
        else:
            osinfo.platform = "linux"
    plat = values.get("python platform")
    if plat:
        touched = True
        pm = re.match(r"^Linux-(.+?)-(x86_64|aarch64|ppc64le)(?:-with|$)", plat.strip())
        if pm:
            osinfo.kernel = pm.group(1)
            osinfo.architecture = osinfo.architecture or pm.group(2)
            osinfo.platform = "linux"
            if "microsoft" in pm.group(1).lower() or "wsl" in pm.group(1).lower():
                osinfo.wsl = True
        elif plat.strip().startswith("Windows"):
            osinfo.platform = "windows"
    libc = values.get("libc version")
    if libc:
        touched = True
        lm = re.search(r"glibc-(\d+\.\d+)", libc)
        if lm:
            osinfo.glibc = lm.group(1)
        elif libc.strip().upper() == "N/A":
            osinfo.glibc = base.STATED_NONE
    if touched:
        snap.os = osinfo
    py = values.get("python version")
    if py:
        pm2 = re.match(r"^[^\S\n]*(\d+\.\d+(?:\.\d+)?)", py)
        if pm2:
            impl = "CPython"
            if "pypy" in py.lower():
                impl = "PyPy"
            snap.python = PythonInfo(version=pm2.group(1), implementation=impl)


def _parse_cpu(snap: Snapshot, lines: List[str]) -> None:
    if not lines:
        return
    cpu = CpuMemory()
    touched = False
    for line in lines:
        if _LIB_LINE.match(line) or line.strip().lower().startswith("versions of"):
            break
        km = re.match(r"^[^\S\n]*([A-Za-z][\w ()/-]*?)\s*[:=]\s*(.*?)\s*$", line)
        if not km:
            continue
        key, val = km.group(1).strip().lower(), km.group(2)
        if key in ("model name", "name") and val and not isinstance(cpu.cpu_model, str):
            cpu.cpu_model = val
            touched = True
        elif key == "cpu(s)" and val.isdigit():
            cpu.logical_cores = int(val)
            touched = True
        elif key == "numa node(s)" and val.isdigit():
            cpu.numa_nodes = int(val)
            touched = True
    if touched:
        snap.cpu_memory = cpu


def _library(snap: Snapshot, kind: str, rest: str) -> None:
    if kind.startswith("pip"):
        pm = re.match(r"^([A-Za-z0-9][\w.-]*)\s*==\s*(\S+)", rest)
        if pm:
            base.add_package(snap, pm.group(1), pm.group(2))
        return
    parts = rest.split()
    if len(parts) < 2 or not re.match(r"^\d", parts[1]):
        return
    name, version = parts[0], parts[1]
    build = parts[2] if len(parts) > 2 else ""
    if base.normalize_name(name) == "torch" and build:
        from envcheck.importers import pip_list

        pip_list.torch_from_conda_build(snap, version, build)
    base.add_package(snap, name, version)
