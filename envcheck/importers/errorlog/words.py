"""The last resort of the scan: when no known message, fact inference or symptom picture
matched anything, the words of the error lines themselves still point somewhere.

Libraries phrase the same causes with the same words ("update your driver", "not compiled
with CUDA", "libcudnn.so.9: cannot open", "/dev/shm", "NCCL error"), also in messages envcheck
has no family for. Each error line (one with an error word: error, failed, cannot, not found,
mismatch, ...) is matched against one rule per category, in order; the category named by the
most lines (the earliest on a tie) becomes one ``message-words-<category>`` entry, a warning
whose fix names the command that decides. It never adds to a text where anything else was
found, so it cannot change a diagnosis, only replace silence with a hypothesis that says it is
one (issue 10: unknown is never good, and silence reads as good).

Measured when it was added (round nine): on the in-repo corpus (1,908 cases) it names the
established cause of 13 broken cases that had no finding and no wrong one, and gives 7 of 412
healthy controls a warning; on the misses of heldout10-12 at their one scoring it would have
named the cause in 3, 12 and 3 cases (a prototype with two rules more, before collect_env's
"Could not collect" lines were excluded), and on heldout13, scored with it, it named 1.

Round thirty-five widened the error words and five rules, written from a probe of how libraries
without a row in the tables word the same refusals ("GPU support is not compiled in this
build", "requires NVIDIA driver >= 525, found 470", "does not support your GPU architecture",
"could not load cublasLt64_12.dll", "loaded cuDNN 8.2 but source was compiled with 8.9",
"requires torch 2.1 but 2.3.0 is installed"), not from the corpus: on the in-repo corpus
(7,266 cases) it then names the established cause of 3 more broken cases, one more gets a wrong
hypothesis, and 4 more of 1,747 healthy controls get a warning (no error). A requirement alone
is no failure ("vLLM requires a GPU with compute capability 7.0"); one met by something else is
("requires ... >= 525, found 470").
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Dict, Iterator, Optional, Pattern, Tuple

from envcheck.importers.errorlog import textindex

# A line that reports a failure (lower-case literals for the index, then the regex).
_ERROR_KEYS = (
    b"error",
    b"exception",
    b"fail",
    b"fatal",
    b"cannot",
    b"can't",
    b"could not",
    b"couldn't",
    b"unable",
    b"not found",
    b"not supported",
    b"not available",
    b"not compatible",
    b"not detected",
    b"insufficient",
    b"mismatch",
    b"incompatible",
    b"too old",
    b"too low",
    b"invalid",
    b"no such file",
    b"undefined symbol",
    b"killed",
    b"segmentation fault",
    b"abort",
    # (round thirty-five: the words of refusals that name no error, probed with phrasings of
    # libraries envcheck has no row for: "GPU support is not compiled in this build", "CUDA
    # driver version is older than the CUDA runtime version required", "requires NVIDIA driver
    # >= 525, found 470", "does not support your GPU architecture", "but source was compiled
    # with"; a requirement alone is no failure)
    b"not compiled",
    b"not built",
    b"not enabled",
    b"older than",
    b"not support",
    b"but found",
    b"but got",
    b"but you have",
    b"but have",
    b"but is",
    b", found",
    b"was compiled with",
    b"falling back to cpu",
    b"unknown",
    b"please update",
)
# Lines that state the symptom of a build without GPU support with no error word: a program's log
# line "running in CPU mode", "GROMACS with OpenCL support instead of CUDA", "the CPU version
# instead of the GPU" (not the bare "CPU instead of GPU", a complaint that healthy controls
# share). They count only where no error line names a category, and not in a text
# whose reporter chose the CPU on purpose. (Plain "runs on the CPU" / "does not use the GPU"
# were tried: in the corpus they named 7 broken cases and warned 26 healthy controls, whose
# code kept the work on the CPU.)
_SYMPTOM_KEYS = (b"cpu", b"gpu", b"instead of")
_CPU_SYMPTOM = re.compile(
    # a program's own log line: "INFO - separator - No hardware acceleration could be
    # configured, running in CPU mode"
    r"\b(?:info|warn|warning)\b[^\n]{0,80}\b(?:running|run)\s+(?:in|on)\s+(?:the\s+)?cpu"
    r"(?:\s+mode)?\b|"
    r"\b(?:opencl|cpu)\s+(?:support|version|build)\s+instead\s+of\s+(?:cuda|the\s+gpu|gpu)\b",
    re.I,
)
_ERROR = re.compile(
    r"(?:error|exception)\b|"  # also the end of RuntimeError, OSError, NcclException
    r"\b(?:fail\w*|fatal|cannot|can't|could not|couldn't|unable|"
    r"not (?:found|supported|available|compatible|detected)|insufficient|mismatch|"
    r"incompatible|too old|too low|invalid|no such file|undefined symbol|killed|segmentation fault|"
    r"abort\w*|not (?:compiled|built|enabled)\b|older than|(?:does|do|did)(?: not|n't) support|"
    # a requirement is no failure ("vLLM requires a GPU with compute capability 7.0"), a
    # requirement met by something else is: "requires NVIDIA driver >= 525, found 470"
    r"\bbut (?:found|got|you have|have|is)\b|,\s*found\b|but (?:the )?source was compiled with|"
    r"falling back to (?:the )?cpu|"
    # a library that does not know the GPU: "Unknown CUDA device compute capability: 6.1"
    r"\bunknown (?:cuda )?(?:device )?(?:compute capability|gpu architecture)\b|"
    # a program's remedy for a refusal it logs as information: "OneZeroMiner requires CUDA
    # version 11.8 or above (installed version is 11.6.127). Please update your Nvidia drivers."
    r"\bplease update (?:your |the )?(?:nvidia |gpu |graphics |video )?drivers?\b)|"
    # a status name: "CUTENSORNET_STATUS_CUTENSOR_VERSION_MISMATCH"
    r"_version_mismatch\b",
    re.I,
)
# Lines with an error word that report no failure: collect_env's "cuDNN version: Could not
# collect", a value printed as "None" / "N/A" / "False"
_NOT_A_FAILURE = re.compile(
    r"could not collect|:\s*(?:none|n/a|false|no)\s*$|"
    # optional parts every healthy run reports missing: NCCL's external network plugin
    # (NCCL_DEBUG=INFO: "No plugin found (libnccl-net.so), using internal implementation"),
    # no InfiniBand device (sockets are used), TensorFlow's optional TensorRT (TF-TRT)
    r"libnccl-net\.so|no plugin found|using internal (?:implementation|network plugin)|"
    r"net/ib\s*:\s*no device found|dso_loader\.cc[^\n]*libnvinfer|tf-trt warning",
    re.I,
)
_MAX_LINES = 400
_MAX_LINE = 600

# One rule per category, tried in this order on each error line (the first that matches
# names the line's category): the specific words before the general ones.
_RULES: Tuple[Tuple[str, Pattern[str]], ...] = tuple(
    (category, re.compile(rx, re.I))
    for category, rx in (
        ("shm-too-small", r"/dev/shm|shared memory|\bshm\b|bus error"),
        (
            "driver-too-old",
            r"driver[^.\n]{0,40}(?:too old|too low|insufficient|older than|not support|update|"
            r"upgrade)|"
            r"(?:update|upgrade|try updating|try upgrading) (?:your |the )?"
            r"(?:nvidia |gpu |video |graphics )?driver|"
            r"requires? (?:an? )?(?:newer |higher )?(?:nvidia )?(?:gpu )?driver",
        ),
        (
            "cpu-only-build",
            r"not (?:compiled|built) with (?:cuda|gpu)|without (?:cuda|gpu) support|cpu[- ]only|"
            r"\+cpu\b|no cuda support|cuda (?:support )?(?:is )?not (?:enabled|available) in "
            r"this build|"
            r"(?:cuda|gpu) support (?:is )?not (?:compiled|built|enabled)|"
            r"(?:compiled|built) without (?:cuda|gpu)\b|"
            r"(?:cuda|gpu) is not enabled in (?:this|the) \S+ build",
        ),
        (
            "gpu-arch-unsupported",
            r"no kernel image|compute capability \d|sm_\d+ is not|"
            r"not compatible with the current pytorch|"
            r"too old to be supported|not supported on this (?:gpu|device)|"
            r"compute capability\s*(?:>=|of at least|:?\s*\(?\d)|"
            r"(?:does|do)(?: not|n't) support (?:your|this|the|my) (?:gpu|device|card|graphics)\b|"
            r"\b(?:your|my|this|the) (?:gpu|card|graphics card)(?: \([^)\n]{0,40}\))? (?:is|was) "
            r"too old\b",
        ),
        (
            "cuda-libs-mismatch",
            r"lib(?:cudnn|cublas\w*|cufft|curand|cusparse|cusolver|nvrtc|nvinfer\w*|cudart)\S*\."
            r"(?:so|dll)|cudnn(?:_status| status| version| error)|cublas_status|"
            r"\bcudnn\s*v?\d+(?:\.\d+)*\s+(?:is\s+)?(?:incompatible|not compatible|mismatch)|"
            r"\b(?:cudnn|cublas\w*|cufft|curand|cusparse|cusolver|nvrtc|cudart)\w*\.dll\b|"
            r"\bloaded (?:runtime )?cudnn\b|"
            # the status names of NVIDIA's math libraries for another version of a library they
            # load ("CUTENSORNET_STATUS_CUTENSOR_VERSION_MISMATCH")
            r"_status_\w*version_mismatch\b",
        ),
        ("nccl-problem", r"\bnccl\b"),
        (
            "python-unsupported",
            # (not pip's "No matching distribution": without the Python stated that is an
            # index or name problem as often, and pip_found_nothing drops it for that reason)
            r"python\s*3\.\d+[^.\n]{0,40}(?:not supported|unsupported|requires)|"
            r"requires[- ]python",
        ),
        (
            "framework-pairing",
            r"(?:torchvision|torchaudio|xformers|keras|jaxlib|mmcv|flash[_-]?attn)[^.\n]{0,60}"
            r"(?:incompatible|mismatch|compiled with|built for|requires)|"
            # any package's requirement of a framework release: "foolib requires torch 2.1"
            r"requires? (?:py)?torch\s*(?:[<>=~!]=?\s*)?\d|"
            r"requires? tensorflow\s*(?:[<>=~!]=?\s*)?\d|"
            # one package said not to work with the installed release of another: "AerSimulator
            # 15.x is not compatible with the installed version of Qiskit 2.3.1"
            r"(?:incompatible|not compatible) with (?:the )?(?:installed|current) "
            r"(?:version|release) of\b|"
            # a binding against the native library it found: "ort 1.16 is not compatible with
            # the ONNX Runtime binary found at `onnxruntime.dll`"
            r"(?:incompatible|not compatible) with the [\w .-]{1,40}?\b(?:binary|library|dll)\b",
        ),
        (
            "toolkit-mismatch",
            # torch's JIT extension builder ("Error building extension 'fused_adam'"): of the 45
            # corpus texts with a failed CUDA extension build none is a healthy control, and 41
            # were a toolkit or host-compiler cause (round fifteen)
            r"\bnvcc\b|cuda_home|ptxas|unsupported gnu version|host compiler|"
            r"error building extension|"
            r"\bcuda toolkit\b[^\n]{0,30}\b(?:too old|older than|not supported|is required|need)",
        ),
        ("storage", r"no space left|disk (?:is )?full|quota exceeded"),
        (
            "data-network",
            r"timed? ?out|connection (?:refused|reset|error)|https?(?: error)? ?[45]\d\d\b|"
            r"name resolution|could not resolve host",
        ),
        (
            "os-setting",
            r"cuda_visible_devices|too many open files|ulimit|memlock|cgroup|"
            r"nvidia_visible_devices",
        ),
        (
            "driver-not-loaded",
            r"no cuda-capable device|nvidia-smi has failed|couldn't communicate with the nvidia "
            r"driver|nvidia driver (?:is )?not (?:loaded|installed|found)|libcuda\.so|nouveau",
        ),
        (
            "gpu-health",
            r"\bxid\b|\becc\b|fallen off the bus|illegal memory access|unspecified launch failure",
        ),
    )
)
CATEGORIES: Tuple[str, ...] = tuple(c for c, _ in _RULES)

# What decides each hypothesis: the fix of its entry.
CHECKS: Dict[str, Tuple[str, str]] = {
    "shm-too-small": (
        "shared memory (/dev/shm)",
        "`df -h /dev/shm` where the job runs "
        "(Docker's default is 64 MB; `--shm-size` / `--ipc=host` raise it)",
    ),
    "driver-too-old": (
        "a driver older than the software needs",
        "`nvidia-smi` (driver and its "
        "'CUDA Version') against the CUDA the software was built with; "
        "`envcheck matrix driver <version>` shows what a driver runs",
    ),
    "cpu-only-build": (
        "a build without GPU support",
        "the installed build: `python -c 'import "
        "torch; print(torch.version.cuda, torch.cuda.is_available())'` (None = a "
        "CPU build) or the library's own GPU flag",
    ),
    "gpu-arch-unsupported": (
        "a GPU the build has no kernels for",
        "`nvidia-smi --query-gpu="
        "name,compute_cap --format=csv` against the build's architectures "
        "(`torch.cuda.get_arch_list()`); `envcheck matrix recommend --gpu "
        "NAME`",
    ),
    "cuda-libs-mismatch": (
        "CUDA libraries (cuDNN, cuBLAS, ...) of another version",
        "`ldconfig -p | grep -E 'cudnn|cublas'` and `pip list | grep nvidia` "
        "against the versions the software's install page names",
    ),
    "nccl-problem": (
        "NCCL (multi-GPU communication)",
        "the run again with `NCCL_DEBUG=INFO`; "
        "the network interface (`NCCL_SOCKET_IFNAME`) and, as a test, "
        "`NCCL_P2P_DISABLE=1`",
    ),
    "python-unsupported": (
        "a Python version the package does not support",
        "`python "
        "--version` against the Python versions of the package's release "
        "(the cpXY tags of its files on PyPI)",
    ),
    "framework-pairing": (
        "two framework packages that do not belong together",
        "`pip list` for the packages named and the pairs their projects document; `pip check`",
    ),
    "toolkit-mismatch": (
        "the CUDA toolkit (nvcc) or host compiler used for a build",
        "`nvcc "
        "--version`, `which nvcc`, `echo $CUDA_HOME` and `gcc --version` "
        "against the CUDA the framework was built with",
    ),
    "storage": ("a full disk", "`df -h` on every path the job writes (checkpoints, caches, /tmp)"),
    "data-network": (
        "the network path to the data or downloads",
        "a download of the same URL "
        "from this host (`curl -o /dev/null -w '%{speed_download}' URL`), proxies "
        "and DNS",
    ),
    "os-setting": (
        "an operating-system or launcher setting",
        "the setting the line names "
        "(`ulimit -a`, `echo $CUDA_VISIBLE_DEVICES`, the container's device and "
        "cgroup settings)",
    ),
    "driver-not-loaded": (
        "the NVIDIA driver not reaching the job",
        "`nvidia-smi`, `lsmod | "
        "grep nvidia`, `dmesg | grep -i nvidia`; in a container its GPU "
        "option (`--gpus all`)",
    ),
    "gpu-health": (
        "a GPU hardware fault",
        "`dmesg | grep -i xid`, `nvidia-smi -q -d "
        "ECC,PAGE_RETIREMENT` and `envcheck verify --kernels`",
    ),
}


def pattern_id(category: str) -> str:
    return f"message-words-{category}"


def hypothesis(low: bytes) -> Optional[Tuple[str, int, str]]:
    """(category, offset and text of its first error line) named by the most error lines of
    ``low`` (the lower-cased UTF-8 text), the earliest on a tie; None when no error line names
    one. symptoms.message_words turns it into the scan's entry."""
    votes: Counter = Counter()
    first: Dict[str, Tuple[int, str]] = {}
    for start, line in _lines(low, _ERROR_KEYS):
        if not _ERROR.search(line) or _NOT_A_FAILURE.search(line):
            continue
        for category, rx in _RULES:
            if rx.search(line):
                votes[category] += 1
                first.setdefault(category, (start, line))
                break
    if not votes:
        return _cpu_symptom(low)
    best = max(votes, key=lambda c: (votes[c], -first[c][0]))
    return best, first[best][0], first[best][1]


def _lines(low: bytes, keys: Tuple[bytes, ...]) -> Iterator[Tuple[int, str]]:
    """(offset, text) of the first _MAX_LINES lines holding one of ``keys``, in order; lines
    longer than _MAX_LINE are left out."""
    for start in sorted(textindex.line_starts(low, keys, _MAX_LINES)):
        end = low.find(b"\n", start)
        line = low[start : end if end != -1 else len(low)].decode("utf-8", "replace")
        if len(line) <= _MAX_LINE:
            yield start, line


def _cpu_symptom(low: bytes) -> Optional[Tuple[str, int, str]]:
    """The first line that says in words that the work runs on the CPU, not the GPU (a build
    without GPU support is the usual reason), where no error line named a category; not in a
    text whose reporter chose the CPU on purpose ("I am running it in CPU mode", ``--cpu``)."""
    from envcheck.importers.errorlog.inferences import CPU_RUN_ON_PURPOSE

    for start, line in _lines(low, _SYMPTOM_KEYS):
        if _CPU_SYMPTOM.search(line):
            # (the reporter's words come first in a paste: the first 64 KB are read, so a
            # megabyte of log lines costs no whole-text search)
            if CPU_RUN_ON_PURPOSE.search(low[:65536].decode("utf-8", "replace")):
                return None
            return "cpu-only-build", start, line
    return None
