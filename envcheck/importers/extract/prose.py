"""Facts people write as sentences or ``key: value`` lines, and issue-form sections.

"my driver is 470.82, need higher?", ``CUDA/cuDNN version: 12.1/8.9``, ``Python 3.10``,
``GPU: 4x A100``, "compute capability 7.5", ``OS: Ubuntu 22.04``, ``lsb_release -a``,
``/etc/os-release`` and GitHub issue forms (``### PyTorch version`` with the value on a later
line) all state facts the checks need. Each match becomes a ``prose`` Fact (or ``fragment``
for tool output such as ``lsb_release``) with its line.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Dict, Iterator, List, Optional, Tuple

from envcheck.importers import base
from envcheck.importers.extract import floors
from envcheck.importers.extract.apps import APP_VERSION
from envcheck.importers.extract.facts import GPU_FAMILY, Fact
from envcheck.importers.extract.lines import candidate_lines

_VER = r"(\d+\.\d+(?:\.\d+)?)"
_DRIVER = re.compile(
    # not inside a word ("cudaDriverVersion 12080" is the driver API's CUDA, 12.8), nor the
    # number of an error said of the driver ("CUDA error DRIVER: '300'": excavator#275)
    r"(?<!error )(?:nvidia[\s-]*)?(?<![A-Za-z])(?:driver(?:'s|s)?|NVIDIA-SMI(?=\s*:))"
    r"(?:\s*version)?"
    r"(?:\s+(?:is|was|of|=|at|available on \w+))?\s*[:=]?\s*"
    # the value may be the installer's name: "driver version: NVIDIA-Linux-x86_64-450.80.02"
    # (or in brackets: "an older version of the NVIDIA driver (450.36)", RosettaCommons/
    # RoseTTAFold#11)
    r"(?:nvidia\s+)?(?:version\s*)?[`'\"(]?(?:NVIDIA-Linux-(?:x86_64|aarch64)-)?(?:v|r)?"
    r"(\d{3}\.\d{1,3}(?:\.\d{1,3})?|\d{3}(?!\d))"
    r"(?![\d.]*\s*(?:mb|gb|mib|w\b))",
    re.I,
)
# NCCL's "cudaDriverVersion 12080": the driver API version (major*1000 + minor*10), the newest
# CUDA the driver runs
_CUDA_DRIVER_API = re.compile(r"\bcudaDriverVersion\s+(\d{4,5})\b")
# "the nvidia driver version of my machine is 381.22": a few words between "driver" and the
# verb; only a full driver version (NNN.NN) is taken this way, never a bare number
_DRIVER_LOOSE = re.compile(
    r"\bdriver\b(?:[\s,]+[a-z'()-]+){1,5}?\s*(?:is|was|=|:|at)\s*[`'\"]?(?:v|r)?"
    r"(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b(?![\d.]*\s*(?:mb|gb|mib|w\b))",
    re.I,
)
# "What is the minimum driver for CUDA 9.1? Mine is 384.111": the asker's own driver, a full
# driver version (NNN.NN) only
_DRIVER_MINE = re.compile(
    r"\bdriver\b[^\n]{0,80}?\b(?:mine|my driver|my own)\s+(?:is|=|:)\s*[`'\"]?v?"
    r"(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b",
    re.I,
)
# "a Quadro K4000 with 410.48 drivers", "470.82.01 driver version", "the 595.58.03 NVIDIA
# driver will ignore this GPU": a full driver version (NNN.NN) before the word, not a floor
_DRIVER_BEFORE = re.compile(
    r"(?<![\w.])([3-9]\d\d\.\d{1,3}(?:\.\d{1,3})?)\s+(?:nvidia\s+)?drivers?\b"
    r"(?!\s*(?:or|and)\s+(?:later|newer|higher|above))",
    re.I,
)
# DKMS and distribution packages: `dkms status` ("nvidia/535.113.01, 5.15.0-86-generic,
# x86_64: installed"), /var/lib/dkms/nvidia/390.48/, `dkms install -m nvidia -v 470.86`,
# Gentoo's nvidia-drivers-530.41.03, Arch's nvidia-390.138
_DRIVER_DKMS = re.compile(
    r"(?:\bdkms/nvidia/|^\s*nvidia[/,]\s*|-m nvidia -v\s+|\bnvidia-drivers?-|(?<![\w-])nvidia-|"
    # Arch's packages with their version after a space: "nvidia-580xx-dkms 580.173.02",
    # "nvidia-open-dkms 575.64" (CachyOS/distribution#542)
    r"(?<![\w-])nvidia-(?:\d{3}xx-|open-)?(?:dkms|utils)\s+)"
    r"([3-9]\d\d\.\d{1,3}(?:\.\d{1,3})?)(?![\d.]*\d)(?![\w.-]*\.(?:run|deb|rpm)\b)",
    re.I,
)
_DRIVER_PKG = re.compile(r"\bnvidia-(?:driver|utils|dkms|headless)-(\d{3})(?:-(?:open|server))*\b")
# Windows names an NVIDIA driver in its own form (Device Manager, dxdiag, `wmic path
# win32_VideoController`, HandBrake's and GPU-Z's logs): 23.21.13.9140 is NVIDIA's 391.40 and
# 31.0.15.2802 is 528.02 - the last digit of the third field and the four digits of the fourth.
# The first field is the WDDM generation (21-32); Intel's (26.20.100.7263) and AMD's
# (31.0.21905.1001) third fields have three or more digits and are never read.
_DRIVER_WINDOWS = re.compile(r"(?<![\w.])(?:2[1-9]|3[0-2])\.\d{1,2}\.1(\d)\.(\d{4})(?![\w.])")
# (only in a line naming the vendor, a GPU or a driver: other software has four-field versions)
_NVIDIA_WORDS = re.compile(r"nvidia|geforce|quadro|tesla|\b(?:rtx|gtx)\b|driver", re.I)
_CUDA = re.compile(
    # (never "0.0": PaddleX shows "CUDA version 0.0" when it found no CUDA at all)
    r"\bcuda(?:\s*toolkit)?(?:\s*(?:version|ver\.?))?\s*(?:is|=|:)?\s*v?(?!0\.)(\d{1,2}\.\d{1,2}(?:\.\d+)?)"
    r"(?!\s*(?:driver|\)\s*mismatches))",
    re.I,
)
# the newest CUDA a driver runs, said in a sentence: "an older NVIDIA driver that only
# supports CUDA runtime version 11.4" (meta-pytorch/torchrec#3113), "the CUDA version in the
# Nvidia driver is 11.4" (Kaggle/docker-python#1281); only words of a ceiling ("a driver good
# enough for CUDA 9.0" is a floor, read nowhere)
_DRIVER_CUDA_CEILING = re.compile(
    r"\bdrivers?\b[^.\n]{0,60}?\b(?:only\s+supports?(?:\s+up\s+to)?|supports?\s+only(?:\s+up\s+to)?|"
    r"supports?\s+up\s+to|max(?:imum)?\s+supported)\s+(?:is\s+)?CUDA(?:\s+runtime)?"
    r"(?:\s+version)?\s*v?(\d{1,2}\.\d{1,2})\b(?!\.\d)|"
    r"\bCUDA version (?:in|of|supported by) (?:the |my |your |this |our )?"
    r"(?:[\w-]+ ){0,2}?drivers? "
    r"(?:is|=|:)\s*(\d{1,2}\.\d{1,2})\b(?!\.\d)",
    re.I,
)
_CUDA_CUDNN = re.compile(
    # (markdown bold around the field name: "**CUDA/cuDNN version**: 8/5.1"; a bare CUDA
    # major before a cuDNN, "8/5.1", as TensorFlow's old issue template was filled in)
    r"\bcuda\s*/\s*cudnn(?:\s*versions?)?\**\s*[:=]?\s*(?:cuda\s*)?"
    r"(\d{1,2}\.\d+(?:\.\d+)?|\d{1,2}(?=\s*/\s*(?:cudnn\s*)?v?\d\.\d))"
    r"(?:\s*/\s*(?:cudnn\s*)?v?(\d\.\d+(?:\.\d+)*))?",
    re.I,
)
_CUDNN = re.compile(r"\bcudnn(?:\s*version)?\s*(?:is|=|:)?\s*v?(\d\.\d{1,2}(?:\.\d+)*)", re.I)
_NVCC_PROSE = re.compile(
    r"\b(?:nvcc|cuda[_ ]home|cuda toolkit)\b[^.\n]{0,40}?\b(\d{1,2}\.\d)(?:\.\d+)?\b", re.I
)
# an NVIDIA CUDA container image: its tag is the CUDA runtime in the container
_CUDA_IMAGE = re.compile(r"\bnvidia/cuda:(\d{1,2}\.\d)(?:\.\d+)?-", re.I)
# the CUDA toolkit installer's file name: "cuda_11.0.2_451.48_win10.exe",
# "cuda_12.1.0_530.30.02_linux.run" (toolkit version, then the driver it bundles)
_CUDA_INSTALLER = re.compile(
    r"\bcuda_(\d{1,2}\.\d)\.\d+_\d{3}\.\d{2}(?:\.\d{2})?_(?:win1[01]|windows|linux)", re.I
)
# nvcc --version's line, also after a label ("cuda version: Cuda compilation tools, release 11.8")
NVCC_RELEASE = re.compile(r"Cuda compilation tools,\s*release\s+(\d{1,2}\.\d)\b", re.I)
# the toolkit a CMake build found: "-- Caffe2: CUDA detected: 9.1", "-- Found CUDA:
# /usr/local/cuda (found version "10.2")", "-- The CUDA compiler identification is NVIDIA 11.8.89";
# also with the minimum the project asked for ('found suitable version "10.1", minimum required is
# "7.5"', davisking/dlib#3008) and FindCUDAToolkit's 'Found CUDAToolkit: /usr/local/cuda/include
# (found version "12.1.105")'
_CMAKE_CUDA = re.compile(
    r"Caffe2: CUDA detected:\s*(\d{1,2}\.\d)\b|Found CUDA(?:Toolkit)?: \S+ \(found (?:suitable )?"
    r"(?:exact )?version \"(\d{1,2}\.\d)[\d.]*\"[),]|"
    r"The CUDA compiler identification is NVIDIA (\d{1,2}\.\d)\b",
    re.I,
)
_PYTHON = re.compile(
    r"\bpython(?:[^\d\n/]{0,12}?)v?(3\.\d{1,2}(?:\.\d{1,2})?|2\.7(?:\.\d{1,2})?)\b", re.I
)
_PYTHON_RAN = re.compile(
    r"^(?:\$\s*)?pip \d+(?:\.\d+)* from \S.*\(python (3\.\d{1,2})\)\s*$|"
    r"/lib(?:64)?/python(3\.\d{1,2})/(?:site|dist)-packages/"
)
_TORCH = re.compile(
    # not another package named after it ("fft-conv-pytorch==1.2.0", "lion-pytorch 0.2.4")
    r"(?<![\w.-])(?:py)?torch(?:\s*(?:version|ver\.?|==|__version__)|\.__version__\W{0,3})?"
    # "the torch version for this environment is '1.10.0cpu'" (werner-duvaud/muzero-general#213)
    r"(?:\s+(?:for|in|of)\s+(?:this|my|the)\s+(?:environment|env|venv|machine|system))?"
    r"(?:\s*\((?:GPU|CPU)\??\))?"  # transformers' env: "PyTorch version (GPU?): 2.1.2 (True)"
    # Ultralytics' banner: "torch-1.13.0 CUDA:0 (...)", "torch-2.1.0+cpu CPU"
    r"\s*(?:is\s*[:=]?|=|:|-(?=\d[\d.]*(?:\+\w+)?(?:\s+(?:CUDA|CPU|MPS)\b|\s*$)))?"
    # (a local tag is torch's build, not the next item of a list: "pytorch1.3.0+Python 3.6")
    r"\s*['\"]?v?(\d\.\d{1,2}(?:\.\d{1,2})?(?:(?:\.dev|a|rc)\d+)?(?:\s?\+\s?(?!python|cuda|cudnn|tensorflow|tf\d|keras|torchvision|jax|paddle|mxnet)(?:cu|rocm)?[\w.]+|cpu)?)\b",
    re.I,
)
# the build written after torch's version in words: "1.5.0 (CPU toolkit)", "1.13.1 (cpu only)",
# "1.7.1 cpu version" (not "(CPU?)", the transformers env's question, nor "1.10.0 cpu only
# machine", which says the machine has no GPU)
_CPU_BUILD_AFTER = re.compile(
    r"[ \t]*(?:\([ \t]*cpu(?:[- ](?:only|toolkit|version|build))?[ \t]*\)|"
    r"cpu[- ](?:version|build)\b)",
    re.I,
)
# "System info: 2.0.0+cpu Autocast half": a bare version with a +cpu / +cuXYZ local tag is
# torch's (the packages with such tags are torch's family, and the others are named)
_BARE_TORCH_BUILD = re.compile(r"(?<![\w.])([12]\.\d{1,2}\.\d{1,2}\+(?:cpu|cu\d{3}))(?![\w.])")
_OTHER_PACKAGE = re.compile(
    r"vision|audio|text|xformers|jax|paddle|onnx|tensorflow|mmcv|triton|vllm|cupy|dgl|pyg|"
    r"scatter|sparse|spconv|==|\bversion of\b"
)
_BUILT_FOR_TORCH = re.compile(
    r"\bPyTorch\s+\d[\w.+]*\s+with\s+CUDA\s+\S+\s+\(you have\s+(\d+\.\d+(?:\.\d+)?(?:\+\w+)?)\)",
    re.I,
)
_TORCH_CUDA = re.compile(r"torch\.version\.cuda\W{0,6}\s*(?:is\s+)?(none|\d+\.\d+)", re.I)
# collect_env's line pasted alone (two of its lines make a collect_env report, read whole); a
# sentence's rank: a paste of two environments (one working, one not) names the broken one's
# build elsewhere, in a package list (pytorch/pytorch#32369)
_COLLECT_ENV_TORCH_CUDA = re.compile(r"^CUDA used to build PyTorch\s*:\s*(None|\d+\.\d+)", re.I)
# "... but PyTorch was built with CUDA 12.1", "my PyTorch uses CUDA 10.1", "torch cuda 11.8"
_TORCH_CUDA_PROSE = re.compile(
    r"\b(?:py)?torch(?:\.version\.cuda)?\b(?:\s+(?:\d[\w.+]*|version))?[^.\n\d]{0,40}?"
    r"\b(?:built|compiled|uses?|using|with|for|needs?|wants?|expects?|is|has|cuda)\b[^.\n\d]{0,20}?"
    r"(?:\bcuda\b|\bcu)\s*(?:version\s*)?(?:is\s+|=\s*|:\s*)?v?(\d{1,2}\.\d)(?:\.\d+)?\b",
    re.I,
)
# torch's CUDA variant said by its wheel tag, without the version: "uv will install torch+cu128",
# "pytorch cu118 on my GTX 1070", "torch 2.1 cu121", "the cu121 build of torch"
# (not a version's own local tag, "torch 1.8.1+cu102", which is read with the version)
_TORCH_CU_TAG = re.compile(
    r"\b(?:py)?torch(?:\s*\+\s*|\s+\(?|\()cu(\d{2,3})\b|"
    r"\b(?:py)?torch\s+\d{1,2}\.\d{1,2}(?:\.\d{1,2})?\s+\(?cu(\d{2,3})\b|"
    r"\bcu(\d{2,3})\s+(?:builds?|versions?|wheels?|packages?)\s+of\s+(?:py)?torch\b",
    re.I,
)
# "tf" alone only with a space, "version", ":" or "=" before the number ("tf version is 2.1.0",
# "TF 2.4"), never inside an image tag ("r32.7.1-tf2.7-py3", "torch2.0.1-tf1.15.5": vendors'
# own builds for other Pythons and CUDA releases).
# TensorFlow's issue template asks for `tf.GIT_VERSION, tf.VERSION`: "('v1.3.0-rc2-20-g0787eee',
# '1.3.0')" or "v2.3.0-rc2-23-gb36436b087 2.3.0"
_TF = re.compile(
    r"\b(?:tensorflow(?:[-_]gpu)?|(?<![-\w./:])tf(?=\s*version|\s*[:=]|\s+v?\d))(?:\s*version)?(?:\s*\((?:GPU|CPU)\??\))?\s*(?:is\s*[:=]?|=|==|:)?\s*[(\['\"]{0,3}\s*b?['\"]?v?"
    r"(\d\.\d{1,2}(?:\.\d+)?)\b",
    re.I,
)
_JAX = re.compile(
    r"\bjax(lib)?(?:\s*version)?\s*(?:is\s*(?:in\s+)?[:=]?|=|==|:)?\s*v?"
    # a fourth part is a re-release of the same version ("jaxlib 0.9.0.1")
    r"(0\.\d{1,2}\.\d{1,2}(?:\.\d{1,2})?)\b",
    re.I,
)
# (also as people mistype it: "nvidia 960m (compute compatibility 5.0)", tensorflow#45904)
_CC = re.compile(
    r"compute[\s_-]*(?:capabilit(?:y|ies)|compatibility)\s*(?:of|is|=|:)?\s*\(?\s*(?:sm_?)?"
    r"(\d{1,2})\.?(\d)\b",
    re.I,
)
# The CUDA toolkit releases before 11 (NVIDIA's CUDA Toolkit Archive): any other X.Y below 11
# said to be a card's "CUDA version" is its compute capability (3.5, 5.2, 6.1, 8.6 ...).
_CUDA_RELEASES_BEFORE_11 = {
    "1.0", "1.1", "2.0", "2.1", "2.2", "2.3", "3.0", "3.1", "3.2", "4.0", "4.1", "4.2", "5.0",
    "5.5", "6.0", "6.5", "7.0", "7.5", "8.0", "9.0", "9.1", "9.2", "10.0", "10.1", "10.2",
}  # fmt: skip


def _not_a_cuda_release(version: str) -> bool:
    major_minor = ".".join(version.split(".")[:2])
    return int(version.split(".")[0]) < 11 and major_minor not in _CUDA_RELEASES_BEFORE_11


_SM = re.compile(r"\bsm_?(\d{1,2})(\d)\b")
_SM_CONTEXT = re.compile(r"\b(?:gpu|card|device|capability|arch(?:itecture)?|my)\b", re.I)
# an sm_XY given to the compiler is often the build's target, not the GPU's: "'sm_13' is not
# defined for option 'gpu-architecture'" (a 960M's build asking CUDA 9.1 for Tesla's sm_13,
# round fifty-one's late pool heldout316) was read as the 960M's compute capability 1.3. A JIT
# compiler asks for the GPU's own architecture (PyCUDA's "Value 'sm_75' is not defined" on an
# RTX card with CUDA 9.0), so only an architecture below Maxwell (5.0), one CUDA 9 to 12 dropped
# and a build's old list still names, is taken as the build's; -gencode / arch= lists always are.
_SM_IN_COMPILER_OPTION = re.compile(
    r"is not defined for option|'gpu-(?:architecture|name)'|--?gpu-architecture\b", re.I
)
_SM_IN_BUILD_LIST = re.compile(r"-gencode\b|\barch=", re.I)


def _sm_is_the_builds(text: str, major: int) -> bool:
    """Whether the one sm_XY of ``text`` is what a build asked the compiler for (not the GPU's)."""
    if _SM_IN_BUILD_LIST.search(text):
        return True
    return major < 5 and _SM_IN_COMPILER_OPTION.search(text) is not None


# "4x A100", "A100 x 8", "A100*8" (not the "00" of "A100*8": a count is not part of a model)
_COUNT = re.compile(r"(?<![\w.])(\d{1,2})\s*[x×*]\s*(?=\S)|(?<=[x×*])\s*(\d{1,2})\b", re.I)
_GPU_NAME = re.compile(
    # (not lspci's revision field: "NVIDIA Corporation GM108M [GeForce 920MX] (rev a2)" names no
    # NVIDIA A2; JuliaGPU/CUDA.jl#3 was judged as an Ampere A2 on a 440 driver)
    r"(?<![A-Za-z0-9_.])(?<!\(rev )((?:NVIDIA\s+)?(?:GeForce\s+|Quadro\s+|Tesla\s+|TITAN\s+)?"
    r"(?:RTX|GTX|GT)\s*(?:PRO\s*)?[A-Z]?\d{3,4}M?(?:\s*(?:Ti|SUPER|Ada|Blackwell))*(?:\s*Laptop(?:\s*GPU)?)?"
    r"|(?:NVIDIA\s+)?(?:Tesla\s+)?(?:[AHBLVTPKM]\d{1,3}[A-Z]?|GH200|GB200|A100|H100|H200|B200|L40S?)"
    r"(?:[-\s](?:SXM\d?|PCIE|NVL|\d+\s*GB))*"
    r"|(?:NVIDIA\s+)?(?:Quadro|TITAN)\s+[A-Z]{1,3}\d{0,4}M?(?:\s*Ada)?"
    # Jetson modules, the GB10 / GB300 superchips, GeForce MX and 9xxMX notebook parts
    r"|(?:NVIDIA\s+)?Jetson\s+(?:AGX\s+)?(?:Orin|Xavier)(?:\s+(?:NX|Nano))?"
    r"|(?:NVIDIA\s+)?Jetson\s+(?:Nano|TX[12]|T[45]000)|(?:NVIDIA\s+)?GB(?:10|300)"
    r"|(?:NVIDIA\s+)?(?:GeForce\s+)?MX\s?\d{3}|(?:NVIDIA\s+)?(?:GeForce\s+)?9[1-4]0MX"
    # notebook parts named without a family ("GeForce 610M", "GeForce 820M") and NVS boards
    r"|(?:NVIDIA\s+)?GeForce\s+[4-9][0-9]0M|(?:NVIDIA\s+)?(?:Quadro\s+)?NVS\s?\d{3,4}M?)"
    r"(?![A-Za-z0-9_]|\.\d)"
    # a family, not a model: "RTX 4000 series GPUs" is the GeForce 40 series, not the Quadro
    # RTX 4000 (jhj0517/Whisper-WebUI#614)
    r"(?!\s*-?\s*series\b)",
    re.I,
)
_GPU_LINE = re.compile(
    r"^[^\S\n]*(?:[-*]\s*)?(?:gpus?|graphics card|video card|device|hardware)\s*(?:models?|types?)?"
    r"(?:\s+and\s+memory)?\s*[:=]|"
    # a label without its colon: "GPU T4", "GPU: ..." typed as "GPU RTX 3090"
    r"^[^\S\n]*(?:[-*]\s*)?gpus?\s+(?=(?:nvidia\s+)?(?:geforce\s+)?(?:rtx|gtx|tesla|quadro|titan|"
    r"[ahblvtpk]\d))|"
    r"^[^\S\n]*(?:[-*]\s*)?gpu\s*(?=(?:10[5-8]0|16[56]0|20[6-8]0|30[5-9]0|40[6-9]0|50[6-9]0)\b)",
    re.I,
)
# TensorFlow 1.x's device line: "name: GeForce GTX 1080 major: 6 minor: 1 memoryClockRate(GHz)"
_TF1_DEVICE = re.compile(r"\bname:\s*(\S.{1,60}?)\s+major:\s*(\d{1,2})\s+minor:\s*(\d)\b")
# numba.cuda.detect(): "id 1    b'Quadro K620'    [SUPPORTED]"
_NUMBA_DEVICE = re.compile(r"^[^\S\n]*id\s+(\d{1,2})\s+b?'([^'\n]{2,60})'\s+\[(?:NOT )?SUPPORTED\]")
_OS = re.compile(
    r"\b(Ubuntu\s*\d{2}\.\d{2}(?:\.\d+)?(?:\s*LTS)?|Debian(?: GNU/Linux)?\s*\d+"
    r"|CentOS(?: Linux)?\s*\d+(?:\.\d+)?|Rocky Linux\s*\d+(?:\.\d+)?"
    r"|Red Hat Enterprise Linux[\w ]*?\s\d+(?:\.\d+)?|RHEL\s*\d+(?:\.\d+)?"
    r"|Fedora(?: Linux)?\s*\d+|Arch Linux|Pop!_OS\s*\d+\.\d+|Linux Mint\s*\d+(?:\.\d+)?"
    r"|Windows\s*(?:10|11|Server\s*\d{4})|Win\s?1[01](?![\d.])|macOS\s*\d*(?:\.\d+)*|WSL\s*2?"
    r"|MacBook(?: Pro| Air)?|Mac (?:mini|Studio|Pro)|(?<=on )(?:my |a )?Mac)\b",
    re.I,
)
_OS_WORDS = re.compile(
    r"ubuntu|debian|centos|rocky|red hat|rhel|fedora|arch linux|pop!|mint|windows|win ?1[01]|"
    r"macos|wsl|"
    r"macbook|on (?:my |a )?mac\b|mac (?:mini|studio|pro)"
)
# a path into a Windows Python's site-packages (a traceback frame, a DLL that failed to load) or
# the loader's own error: the Python runs natively on Windows
_WINDOWS_PYTHON = re.compile(
    r"\b[A-Za-z]:\\[^\"\n]{0,200}?\\(?:site-packages|Lib)\\|\[WinError \d+\]", re.I
)
_WINDOWS_PYTHON_DIR = re.compile(r"\\Python3(\d{1,2})(?:-32|-arm64)?\\Lib\\", re.I)
_GPU_WORDS_COMMON = re.compile(r"gpu|rtx|gtx|tesla|quadro|titan|device|card|\b[ahblvt]\d")
# rarer names, tried only when a cheap substring test finds one of their letters' groups: one
# regex of all of them made every line of a 1 MB training log 2.5x slower to test
_GPU_WORDS_RARE = re.compile(r"jetson|geforce|\bmx\s?\d{3}|\d{3}mx\b|\bgb(?:10|200|300)\b")


def _gpu_words(low: str) -> bool:
    """A word that makes a (lower-cased) line about a GPU."""
    if _GPU_WORDS_COMMON.search(low):
        return True
    if "jetson" in low or "geforce" in low or "mx" in low or "gb" in low:
        return _GPU_WORDS_RARE.search(low) is not None
    return False


_LSB = re.compile(r"^[^\S\n]*(Description|Release|Distributor ID)\s*:\s*(.+?)\s*$")
_OS_RELEASE = re.compile(r'^[^\S\n]*PRETTY_NAME="?([^"]+)"?\s*$')
_GLIBC = re.compile(r"\b(?:glibc|GLIBC|ldd \(.*?\))\s*(?:version)?\s*[:=]?\s*(2\.\d{1,2})\b")
# The text says there is an NVIDIA GPU (without naming it): a CPU-only build is then wrong.
_GPU_PRESENT = re.compile(
    r"\b(?:machine|computer|laptop|server|pc|system|node|box)\s+(?:has|with)\s+(?:an?\s+)?"
    r"(?:nvidia\s+)?(?:gpus?|graphics card)\b|"
    r"\bi have (?:an?\s+)?(?:nvidia\s+)?(?:gpu|graphics card)\b|"
    # (the answer may follow a closing quote and the REPL's prompt: `...available())"` and
    # `>>> False` on the next line, pyg#1330)
    r"(?:torch\.)?cuda\.is_available\(\)\W{0,8}\s*"
    r"(?:is |returns? |returning |gives |=+\s*)?false\b|"
    # (not torch's own "Torch not compiled with CUDA enabled": a CPU build says it anywhere)
    r"(?<!compiled with )\bcuda[- ]enabled\b|\bwith (?:gpu|cuda) support\b|"
    # "I guess you wanted users to have GPU enabled version by default?" (micro-sam#356)
    r"\bgpu[- ]enabled (?:version|build|pytorch|torch|package)\b|"
    # "how to train using GPU, the cuda availability check turns out to be 'False'"
    # (werner-duvaud/muzero-general#213)
    r"\bcuda availability\b[^.\n]{0,40}?\bfalse\b|"
    r"\btrain\w* (?:using|on|with) (?:the |my |a )?gpu\b|"
    r"\b(?:cuda|the gpu|my gpu|gpu) (?:is ?)?(?:not|n't) (?:working|available|detected|used|being "
    r"used)\b|\bnot using (?:the |my )?gpu\b|"
    # the author expected a GPU: "tensorflow only can find CPU", "instead of pytorch gpu"
    r"\bonly (?:can )?(?:find|finds|found|sees?|detects?|shows?|lists?) (?:the )?cpu\b|"
    r"\binstead of (?:py)?torch[- ]gpu\b|"
    # "Expected behavior: Install CUDA version of Pytorch." (rapidsai/clx#319)
    r"\binstall(?:s|ed|ing)? (?:the |a )?(?:cuda|gpu) (?:version|build) of (?:py)?torch\b",
    re.I,
)
_ARCH_LIST = re.compile(r"supports CUDA capabilities\s+((?:sm_\d+\s*)+)", re.I)
_MEMLOCK = re.compile(
    r"(?:ulimit -l|max locked memory|memlock)\b[^\n]{0,40}?\b(unlimited|\d+)\s*([KMG])?(?:i?B)?\b",
    re.I,
)
_MEMLOCK_CURRENT = re.compile(
    r"(?:ulimit -l|max locked memory|memlock)\b[^\n]{0,80}?\(current:\s*(\d+)\s*([KMG])?"
    r"(?:i?B|bytes)?\)",
    re.I,
)
# /dev/shm's size: a `df` row for it, a sentence, or the size a container was started with
_SHM_DF = re.compile(
    r"^[^\S\n]*(?:shm|tmpfs|none|shmfs|overlay)\s+(\d+(?:\.\d+)?)([KMGT])?i?B?\s+\S+\s+\S+\s+\d+%\s+"
    r"/dev/shm\s*$"
)
_SHM_PROSE = re.compile(
    r"(?:/dev/shm|\bshm(?:[ _-]?size)?|shared memory(?: size)?)\s*(?:is|was|of|=|:)?\s*"
    r"(?:only|just|set to|limited to)?\s*(\d+(?:\.\d+)?)\s*([KMGT])i?B\b",
    re.I,
)
_SHM_FLAG = re.compile(
    r"(?:--shm-size[= ]|\bshm_size\s*:\s*|\"ShmSize\"\s*:\s*)['\"]?(\d+(?:\.\d+)?)\s*([bkmg])?b?\b",
    re.I,
)
_UNITS = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
# keras named with a release in a sentence ("with keras 2.7", "Keras version: 2.7.0"); not
# tf.keras, keras-nightly or tf-keras, and not a bare "Keras 3" (no minor)
_KERAS = re.compile(
    r"(?<![\w.-])keras(?![\w.-])(?:\s*(?:version|ver\.?|==|__version__))?\s*(?:is\s*[:=]?|=|:)?\s*"
    r"v?([23]\.\d{1,2}(?:\.\d{1,2})?)\b",
    re.I,
)
_TORCHVISION = re.compile(
    r"(?<![\w.-])torchvision(?:\s*(?:version|ver\.?|==|__version__))?\s*(?:is\s*[:=]?|=|:)?\s*v?"
    r"(\d\.\d{1,2}(?:\.\d{1,2})?(?:(?:\.dev|a|rc)\d+)?(?:\+[\w.]+)?)\b",
    re.I,
)
# The CPU and GPU builds of one package said to be installed together.
_BOTH_BUILDS = re.compile(
    r"\bboth\s+`?(onnxruntime|tensorflow|paddlepaddle|faiss-cpu|faiss)`?\s+and\s+`?"
    r"((?:onnxruntime|tensorflow|paddlepaddle|faiss)-gpu)\b",
    re.I,
)
_HEADING = re.compile(r"^[^\S\n]*#{2,6}\s+(.+?)\s*$")
# PaddlePaddle's device line: "GPU Compute Capability: 8.6, Driver API Version: 11.2, Runtime
# API Version: 10.2" - the driver's CUDA ceiling and the CUDA the framework runs with
_PADDLE_DEVICE = re.compile(
    r"Driver API Version:\s*(\d+\.\d+),\s*Runtime API Version:\s*(\d+\.\d+)", re.I
)
# a GeForce series named as a family ("RTX 50 series", "RTX 30xx cards", "GTX 10-series", "40
# series GPUs"; "50系显卡" is told as "RTX 50 series" by extract.glossary). Its compute capability
# is the one every model of the series shares in the GPU table (Matrix.geforce_series_cc: 12.0
# for the 50s, 8.9, 8.6, 7.5, 7.5 and 6.1 for the 40, 30, 20, 16 and 10 series); the number, not
# the RTX / GTX word, says which ("RTX 10xx" is a slip for the GTX 10 series).
_GEFORCE_FAMILY = re.compile(
    r"\b(?:RTX|GTX)\s*(50|40|30|20|16|10)(?:00)?(?:\s*-?\s*series\b|[xX]{2}\b)|"
    r"(?<![\d.])\b(50|40|30|20|16|10)\s*-?\s*series\s*(?:nvidia\s+)?(?:gpus?\b|cards?\b|graphics)",
    re.I,
)


# PyG's extensions at import: "Expected PyTorch version 1.4 but found version 1.3"
_PYG_FOUND_TORCH = re.compile(
    r"Expected PyTorch version \d+\.\d+ but found version (\d+\.\d+(?:\.\d+)?)", re.I
)
# NVIDIA Warp's start-up banner: "CUDA Toolkit 12.8, Driver 12.6" (the CUDA Warp was built
# with, then the newest the driver supports) and its devices: "cuda:0" : "NVIDIA GeForce RTX
# 3060" (12 GiB, sm_86, mempool enabled)
_WARP_CUDA = re.compile(r"^CUDA Toolkit (\d{1,2}\.\d{1,2}), Driver (\d{1,2}\.\d{1,2})$")
_WARP_DEVICE = re.compile(
    r'^"cuda:(\d{1,2})"\s*:\s*"([^"]{2,80})"\s*\((?:\d+(?:\.\d+)?\s*[GM]iB,\s*)?sm_(\d{1,2})(\d)\b'
)
# Warp's driver warning: "... but the installed CUDA driver version is 11.8."
_WARP_DRIVER = re.compile(r"\binstalled CUDA driver version is (\d{1,2}\.\d{1,2})\b")
# detectron2's / torchvision's collect_env: "detectron2 arch flags   sm_75" - the architectures
# an extension was compiled for (not the GPU's)
_EXT_ARCH = re.compile(
    r"^[^\S\n]*([A-Za-z][\w.-]*)\s+arch(?:itecture)?\s*(?:flags|list)\s*[:=]?\s*"
    r"((?:sm|compute)_\d+a?(?:\s*[,;]?\s*(?:sm|compute)_\d+a?)*)\s*$",
    re.I,
)
# "GPU 0                GeForce RTX 2080" (detectron2's collect_env table)
_GPU_INDEXED = re.compile(r"^[^\S\n]*GPU\s*(\d{1,2})\s*[:=]?\s+(\S.{2,80}?)\s*$")
# TensorFlow's dso_loader: "Successfully opened dynamic library libcudart.so.10.1" (TF 2.x),
# "successfully opened CUDA library libcudart.so.9.0 locally" (TF 1.x)
_TF_CUDART = re.compile(
    r"successfully opened (?:dynamic|CUDA) library libcudart\.so\.(\d{1,2})\.(\d)\b", re.I
)
# CUDA_VISIBLE_DEVICES as a shell, docker/mpirun flag or Python code sets it:
# `export CUDA_VISIBLE_DEVICES=-1`, `-e CUDA_VISIBLE_DEVICES=""`, `CUDA_VISIBLE_DEVICES=2 python`,
# `os.environ["CUDA_VISIBLE_DEVICES"] = "-1"`. A shell variable (`$1`, `${GPUS}`) is not a value,
# except `$0`, which is the shell's own name (a script line pasted at a prompt). A comparison
# (`assert cuda_visible_devices == expected`) sets nothing, nor does the shell's own error on the
# name ("bash: CUDA_VISIBLE_DEVICES: readonly variable", hiyouga/LlamaFactory#2636).
_CVD = re.compile(
    r"\bCUDA_VISIBLE_DEVICES['\"]?\s*\]?\s*(?:=(?!=)|:(?!\s*(?:readonly variable|unbound "
    r"variable|not a valid identifier|parameter null or not set)\b))\s*"
    r"(?:[frbuFRBU]{0,2}(['\"])([^'\"\n]{0,60})\1|"
    r"([^\s'\";,)]+(?:,[^\s'\";,)]+)*))",
    re.I,
)
# ... or as the text reports it: `os.environ["CUDA_VISIBLE_DEVICES"] is -1` (microsoft/nni#4853,
# heldout176 at its scoring: the trial launcher hid the GPUs); only the values that hide every
# GPU, -1 and the empty string, since "CUDA_VISIBLE_DEVICES is 0" may be a wish, not a report
_CVD_SAID = re.compile(
    r"\bCUDA_VISIBLE_DEVICES['\"\]]{0,3}\s+(?:is|was)\s+(?:set\s+(?:to|as)\s+|always\s+)?"
    r"(-1|''|\"\")(?![\w.])",
    re.I,
)
# Issue templates give examples in parentheses ("OS Platform and Distribution (e.g., Linux
# Ubuntu 16.04): CentOS 7.4"): the example is not a fact about this host.
_EXAMPLE = re.compile(
    r"\((?:e\.\s?g\.?|eg\b|i\.\s?e\.|for example|such as|use command|if compiling)[^)]*\)", re.I
)
# Not facts about this host: URLs, pip/conda commands being quoted, requirement ranges.
_URL = re.compile(r"\(?https?://\S+")
# What a document says ("The document states that for AMI 1.18.9 the NVIDIA driver version is
# 460.27.04", "according to the release notes ...") is the document's claim, not this host's: the
# clause is dropped up to the sentence's end or a contrast ("but I have 460.32.03" stays read).
_HEARSAY = re.compile(
    r"\b(?:(?:the|their|your|its|this)\s+)?(?:document(?:ation)?|docs|user\s+guide|"
    r"release\s+notes?|readme|changelog)\s+(?:states?|says?|lists?|mentions?|claims?)\b"
    r"|\baccording\s+to\s+(?:the\s+)?(?:document(?:ation)?|docs|user\s+guide|release\s+notes?|"
    r"readme|changelog)\b",
    re.I,
)
_HEARSAY_WORDS = ("doc", "guide", "notes", "readme", "changelog", "according")
_CLAUSE_END = re.compile(r"\b(?:but|however|whereas|while|yet)\b|[.;](?:\s|$)", re.I)
_NEED_BEFORE = re.compile(
    r"\b(?:needs?|requir\w*|minimum|at least|supports?|upgrade|install)\b", re.I
)
_IGNORE = re.compile(
    r">=|<=|~=|\brequires?\b|\b(?:needs?|required|minimum)\b.*\bor (?:newer|later|higher)"
)


def _clean_version(v: str) -> str:
    return v.rstrip(".")


_CUDA_STACK = re.compile(
    r"cuda|torch|tensorflow|\bjax\b|nvidia|\bdriver\b|显卡|\bollama\b|\bvllm\b|llama\.cpp|"
    # (PTX and an SM version are CUDA's words: "SM 7.0 not supported (failed to parse input PTX
    # string)", mitsuba/mitsuba3#1535)
    r"compute capabilit|\bptx\b|\bsm[ _]?\d\.?\d\b|"
    # NVIDIA's architecture names: "Support for BlackWell GPUs ... RTX5090" (jhj0517/
    # Whisper-WebUI#614, a text that names neither CUDA nor a framework)
    r"\b(?:blackwell|hopper|ampere|turing|volta|pascal|maxwell|kepler)\b|"
    # a GPU program's own words: "Running GPU tests ... I have GeForce GTX 580"
    # (baidu-research/warp-ctc#28, a text that names no CUDA word)
    r"\bgpu\b",
    re.I,
)
_GPU_MENTION_WORDS = (
    "rtx",
    "gtx",
    # GeForce GT 4xx-7xx boards and NVS boards, named without "GeForce" ("my GT 710 card")
    "gt 4",
    "gt4",
    "gt 5",
    "gt5",
    "gt 6",
    "gt6",
    "gt 7",
    "gt7",
    # (not "nvshmem")
    "nvs ",
    "nvs3",
    "nvs4",
    "nvs5",
    "nvs8",
    "tesla",
    "quadro",
    "titan",
    "geforce",
    "a100",
    "h100",
    "h200",
    "nvidia",
    "显卡",
    # a GeForce number with its suffix ("3090 Ti", "1080ti"): the numbers all end in 0
    "0ti",
    "0 ti",
    "0super",
    "0 super",
    "p100",
    "v100",
    "p40",
    "k80",
    "k40",
    "m40",
    "m60",
    "a6000",
    "jetson",
    "mx1",
    "mx2",
    "mx3",
    "mx4",
    "mx5",
    "0mx",
    "gb10",
    "gb200",
    "gb300",
    # a GeForce number before "rtx" or "laptop" ("RVC on a 5090 rtx", "a 3060 laptop GPU")
    "0 rtx",
    "0 laptop",
    "gpu is ",
    # the number glued to "GPU": "if ESPnet supports 3090GPU" (espnet/espnet#3052)
    "0gpu",
)
# A GeForce model written by its number alone: "Nvidia 1080ti", "3090 Ti", "4090 GPU",
# "1080ti显卡". The number counts only beside a word that makes it a card (NVIDIA / GeForce
# before it, Ti / SUPER / GPU / card after it); the family follows from the number.
_BARE_GEFORCE = re.compile(
    r"(?<![A-Za-z0-9.])(?:(?:nvidia|geforce)\s*)+(10[5-8]0|16[56]0|20[6-8]0|30[5-9]0|40[6-9]0|50[6-9]0)"
    r"(\s*(?:ti|super)(?![a-z]))?(?![A-Za-z0-9.])|"
    r"(?<![A-Za-z0-9.])(10[5-8]0|16[56]0|20[6-8]0|30[5-9]0|40[6-9]0|50[6-9]0)"
    r"(?:(\s*(?:ti|super))(?![a-z])|(?=\s*(?:gpus?\b|cards?\b|graphics\b|显卡|rtx\b|laptop\b)))|"
    # the number as what "my GPU is" names: "My GPU is 5090, which seems not to support ..."
    r"(?:(?<=\bgpu is )|(?<=\bgpu is a )|(?<=\bgpu is an ))"
    r"(10[5-8]0|16[56]0|20[6-8]0|30[5-9]0|40[6-9]0|50[6-9]0)(\s*(?:ti|super))?(?![A-Za-z0-9.])",
    re.I,
)


def _model_key(name: str) -> str:
    """One key per GPU model however it is written: "nvidia tesla k80 24gb", "Tesla K80" and
    "K80" are one card (the memory size, form factor and brand words are not the model)."""
    low = re.sub(r"[\s_-]+(?:\d+\s*gb|pcie|sxm\d?|nvl)\b", "", name.lower())
    return re.sub(r"nvidia|geforce|tesla|\s|-|_", "", low)


def _sentence_of(name: str, line: str) -> str:
    """The sentence of ``line`` that names ``name`` (the whole line when it is not found)."""
    at = line.find(name)
    if at < 0:
        return line
    start = max(line.rfind(". ", 0, at), line.rfind("; ", 0, at), line.rfind("! ", 0, at)) + 1
    ends = [i for i in (line.find(". ", at), line.find("; ", at), line.find("! ", at)) if i >= 0]
    return line[start : min(ends) if ends else len(line)]


# a sentence that says the job works on the GPU it names: that GPU is not the one at fault
_WORKS_ON_IT = re.compile(
    r"\b(?:works?|worked|working|runs?|ran|running)\s+(?:perfectly|fine|well|great|ok|okay|"
    r"normally|flawlessly|without (?:any )?(?:problems?|issues?|errors?))\b|"
    r"\beverything (?:is )?(?:works?|worked|working|fine|ok)\b|\bno (?:problems?|issues?) "
    r"(?:on|with)\b",
    re.I,
)


# a sentence about the setup the reporter had before: "in my old laptop", "previously", "I used
# to", "I had ran it on"
_PAST_SETUP = re.compile(
    r"\b(?:my|the|an?|our)\s+(?:old|older|previous|former)\s+(?:laptop|pc|computer|machine|"
    r"desktop|workstation|server|card|gpu|graphics card|rig|setup|system)\b|\bpreviously\b|"
    r"\bused to\b|\b(?:i|we) had (?:ran|run|used|been using)\b",
    re.I,
)


# the words before a GPU the reporter had before the one the report is about ("I upgraded from a
# RTX 3090", "replaced my old 1080 Ti with ...", "以前用3070" = "I used to use a 3070"): that card
# is no longer in the machine (UVR#1752, heldout46)
_PREVIOUS_CARD = re.compile(
    r"(?:\b(?:upgraded|upgrading|switched|switching|moved|moving|migrated|came|coming|swapped|"
    r"changed)\s+(?:over\s+|up\s+)?from|\breplaced|\bused\s+to\s+(?:have|use|run\s+on)|"
    r"以前用|之前用|原来用)\s*(?:(?:an?|my|the|our)\s+)?(?:old\s+)?$",
    re.I,
)


def _previous_card(line: str, name: str) -> bool:
    """Whether ``line`` names ``name`` as the card the reporter had before this one."""
    at = line.find(name)
    return at > 0 and _PREVIOUS_CARD.search(line[max(0, at - 60) : at]) is not None


# a GPU named as a requirement, not as the machine's: "You mentioned h100 or above is only
# choice for evo2" (ArcInstitute/evo2#104, whose machine is an RTX 5090), "needs an A100 or
# newer", "requires at least an H100"
_REQUIRED_CARD_AFTER = re.compile(
    r"^[\s\w-]{0,12}?\s*(?:\(|,)?\s*or\s+(?:above|newer|better|higher|later|greater|more)\b|"
    # "bf16 is only supported on A100+ GPUs" (zai-org/CogVLM#168, an RTX 2080 Ti machine)
    r"^\+(?=\s|$|[),.;])",
    re.I,
)
_REQUIRED_CARD_BEFORE = re.compile(
    r"(?:\bat\s+least|\bminimum(?:\s+of)?|\brequires?|\brequired|\bneeds?|"
    r"\bonly\s+(?:supported\s+|available\s+)?(?:on|for))\s+(?:an?\s+|the\s+)?(?:nvidia\s+)?$",
    re.I,
)
# a card the text says the job worked on, before the one it fails on: "My codes worked on
# Nvidia A100, but this problem occurs when I move to Nvidia A40" (facebookresearch/CrypTen#410)
_WORKED_ON_BEFORE = re.compile(
    r"(?<!\bto\s)\b(?:works?|worked|working)\s+(?:fine\s+|well\s+|perfectly\s+|ok\s+)?"
    r"(?:on|with)\s+(?:an?\s+|my\s+|the\s+)?(?:nvidia\s+)?$",
    re.I,
)


def _required_card(line: str, name: str) -> bool:
    """Whether ``line`` names ``name`` as the GPU something requires, not the one it runs on."""
    at = line.find(name)
    if at < 0:
        return False
    after = line[at + len(name) : at + len(name) + 40]
    return bool(
        _REQUIRED_CARD_AFTER.search(after)
        or _REQUIRED_CARD_BEFORE.search(line[max(0, at - 40) : at])
    )


_NEGATED = re.compile(r"\bnot\b|n['’]t\b|\bnever\b", re.I)


def _worked_on(line: str, name: str) -> bool:
    """Whether ``line`` names ``name`` as a card the job worked on ("worked on Nvidia A100")."""
    at = line.find(name)
    before = line[max(0, at - 40) : at] if at > 0 else ""
    return bool(_WORKED_ON_BEFORE.search(before)) and not _NEGATED.search(before)


def _not_the_machines(line: str, name: str) -> bool:
    """Whether ``line`` names ``name`` as a card that is not in the machine: the one the
    reporter had before, or one something requires."""
    return _previous_card(line, name) or _required_card(line, name)


def single_gpu_mentioned(texts: List[Tuple[str, str]]) -> List[Fact]:
    """The one NVIDIA GPU model the texts name anywhere ("Setup: i7-8750H, GTX 1070, 16 GB"),
    as a prose fact: only when exactly one distinct model is named, since a text naming two
    ("works on my 4090, fails on the 1070") does not say which one runs the job."""
    # the lines naming a GPU first (a keyed search): a text naming none costs no whole-text
    # regex search below, which a megabyte without a CUDA word would make slow
    named = [(file, text, candidate_lines(text, _GPU_MENTION_WORDS)[:2000]) for file, text in texts]
    if not any(found for _, _, found in named):
        return []
    # a model named in passing ("P40 prices dropped") is no GPU fact: the text must be about a
    # CUDA stack for its one GPU model to be the one the stack runs on
    if not any(_CUDA_STACK.search(text) for _, text in texts):
        return []
    seen: Dict[str, Tuple[str, str, int, str]] = {}
    for file, text, found in named:
        lines = text.split("\n")
        for i in found:
            line = lines[i][:400]
            if "://" in line:  # a data sheet's address ("...-Tesla-M60-DS.pdf") names no GPU
                line = _URL.sub(" ", line)
            for name in gpu_names(line):
                if _not_the_machines(line, name):
                    continue
                key = _model_key(name)
                seen.setdefault(key, (name, file, i + 1, lines[i].strip()))
    if len(seen) == 2:
        # two models, one of them said to work ("On the setup with GTX 1050Ti, everything works
        # perfectly. Yet, when I switch to RTX 2070 card, I've got the following error"): the
        # other one is the GPU the report is about (AlexeyAB/darknet#2836, heldout51)
        failing = [v for v in seen.values() if not _WORKS_ON_IT.search(_sentence_of(v[0], v[3]))]
        if len(failing) != 1:
            # or one of them is the old setup's: "I had ran it in my old laptop equiping RTX2060
            # ... Now I update my equipment to RTX5070" (RosettaCommons/RFdiffusion#349)
            failing = [v for v in seen.values() if not _PAST_SETUP.search(_sentence_of(v[0], v[3]))]
        if len(failing) == 1:
            name, file, lineno, line = failing[0]
            return [Fact("gpu.name", name, file, lineno, line[:200], "prose")]
    if len(seen) != 1:
        return []
    name, file, lineno, line = next(iter(seen.values()))
    return [Fact("gpu.name", name, file, lineno, line[:200], "prose")]


# PyTorch named as the framework at work ("pytorch does not support my GPU", "torch.cuda ...")
_TORCH_NAMED = re.compile(r"\bpy?torch\b(?![-_]\w)", re.I)


# torch's answer printed on the line after the call: `python -c "...is_available())"` then
# `>>> False` (the prompt, markup or nothing before it) - the line readers see one line only
_NO_CUDA_ANSWER_BELOW = re.compile(
    r"cuda\.is_available\(\)\)?[^\n]{0,12}\n[ \t*>`_]{0,12}False\b[ \t*`_]*$", re.M
)


def no_cuda_answer_below(text: str, file: str) -> List[Fact]:
    """A "gpu.present" fact where torch.cuda.is_available() is answered False on the next
    line: the reporter expected a GPU (pyg-team/pytorch_geometric#1330)."""
    if text.find("is_available()") == -1:
        return []
    m = _NO_CUDA_ANSWER_BELOW.search(text)
    if m is None:
        return []
    return [Fact("gpu.present", True, file, *_line_at(text, m.end() - 1), "prose")]


def torch_named(text: str, file: str) -> List[Fact]:
    """A "named" fact when the text names PyTorch: no version, no claim that it is installed,
    only that the reporter works with it (EC202 asks whether any torch build in the data runs
    on the GPU named). Not a fact about the host: it is kept apart from the facts read."""
    low = text.lower()
    # every match begins with "pytorch" or "ptorch": the regex starts at the first one (a
    # megabyte of log naming torch only in its paths cost a 25 ms whole-text search); where
    # lower-casing changed the text's length the offsets differ, so it searches it all
    found = [at for at in (low.find("pytorch"), low.find("ptorch")) if at != -1]
    if not found:
        return []
    m = _TORCH_NAMED.search(text, min(found) if len(low) == len(text) else 0)
    if m is None:
        return []
    return [Fact("named", "torch", file, *_line_at(text, m.start()), "prose")]


# A build stated for another package than torch: "onnxruntime-gpu==1.28.0, built with CUDA 13.0"
# is ONNX Runtime's CUDA, not torch's
_OTHER_BUILT = re.compile(
    r"\b(?:onnx\w*|tensorrt|ctranslate2|faster-whisper|paddle\w*|jax\w*|tensorflow\w*|cupy\w*|"
    r"llama[-_.]?cpp\w*|ggml|ollama|xformers|flash[-_]attn|bitsandbytes|mxnet\w*|faiss\w*|"
    r"opencv|dlib)\b(?:[^.;\n]|\.(?=\S)){0,60}$"
)


def _built_other_package(before: str) -> bool:
    """Whether the text before a "built with CUDA X" names another package than torch in the
    same clause (``before``: lower-cased)."""
    clause = before[-80:]
    return "torch" not in clause and _OTHER_BUILT.search(clause) is not None


def _line_at(text: str, pos: int) -> Tuple[int, str]:
    """(1-based number, stripped text) of the line of ``text`` holding offset ``pos``."""
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text.count("\n", 0, pos) + 1, text[start : end if end != -1 else len(text)].strip()[:200]


# NCCL's banner, "NCCL version 2.14.3+cuda11.8": the CUDA the NCCL was built with, which for the
# NCCL a framework loads (PyTorch's nvidia-nccl-cuXX wheel) is the framework's CUDA
_NCCL_BANNER = re.compile(r"\bNCCL version \d+\.\d+\.\d+\+cuda(\d+\.\d+)\b")


def nccl_build_cuda(text: str, file: str) -> List[Fact]:
    """torch's CUDA from NCCL's banner, in a text about PyTorch (a prose-rank fact: any other
    statement of torch's CUDA wins over it). Not a toolkit: the "+cuda11.8" is a build suffix."""
    if text.find("NCCL version") == -1 or "torch" not in text.lower():
        return []
    m = _NCCL_BANNER.search(text)
    if m is None:
        return []
    return [Fact("torch.cuda", m.group(1), file, *_line_at(text, m.start()), "prose")]


def gpu_names(line: str) -> List[str]:
    out = []
    for m in _GPU_NAME.finditer(line):
        name = re.sub(r"\s+", " ", m.group(1)).strip()
        if re.search(r"\ds$", name):  # a plural ("our K80s", "two 3090s") names the model
            name = name[:-1]
        if (
            not base.gpu_cc_from_matrix(name)
            and not re.search(r"RTX|GTX|Quadro|Tesla|TITAN", name)
            and not base.gpu_name_shared(name)
        ):
            continue  # a bare "A10" or "T4" counts only when the matrix knows it
        out.append(name)
    if out:
        return out
    for m in _BARE_GEFORCE.finditer(line):
        number = m.group(1) or m.group(3) or m.group(5)
        suffix = (m.group(2) or m.group(4) or m.group(6) or "").strip().lower()
        family = "GTX" if number.startswith(("10", "16")) else "RTX"
        name = f"{family} {number}" + {"ti": " Ti", "super": " SUPER"}.get(suffix, "")
        if base.gpu_cc_from_matrix(name):
            out.append(name)
    return out


# "GPU:3090", "GPU Type: 4090 Ti": a GeForce model number alone as a GPU label's value
# (also glued to the label, the line's only content: "GPU3090," in a pasted list)
_LABELLED_NUMBER = re.compile(
    r"(?:[:=]|^[^\S\n]*(?:[-*]\s*)?gpu)\s*(10[5-8]0|16[56]0|20[6-8]0|30[5-9]0|40[6-9]0|50[6-9]0)"
    r"(\s*(?:ti|super))?\s*[,;.]?\s*$",
    re.I,
)


def _labelled_model_number(line: str) -> List[str]:
    m = _LABELLED_NUMBER.search(line) if _GPU_LINE.match(line) else None
    if m is None:
        return []
    family = "GTX" if m.group(1).startswith(("10", "16")) else "RTX"
    suffix = {"ti": " Ti", "super": " SUPER"}.get((m.group(2) or "").strip().lower(), "")
    name = f"{family} {m.group(1)}{suffix}"
    return [name] if base.gpu_cc_from_matrix(name) else []


def section_values(lines: List[str]) -> Iterator[Tuple[int, str]]:
    """Issue-form sections: ``### PyTorch version`` + value on a later line -> "heading: value"."""
    # (only the lines holding "##", found by a keyed search: a megabyte of lines without one
    # costs no Python step per line)
    for i in candidate_lines("\n".join(lines), ("##",)):
        m = _HEADING.match(lines[i])
        if not m:
            continue
        for j in range(i + 1, min(len(lines), i + 4)):
            value = lines[j].strip()
            if not value:
                continue
            if _HEADING.match(value) or value.startswith("_No response_"):
                break
            yield j, f"{m.group(1)}: {value}"
            break


# A line can only state a fact if it holds one of these words; one search per line keeps a
# 1 MB training log cheap, and a line repeated a thousand times is read once.
TRIGGERS = (
    "\\site-packages\\",  # a Windows path ("C:\\...\\Lib\\site-packages\\torch")
    "winerror",
    "nvcc",
    "+cpu",  # a bare torch version with its local tag ("2.0.0+cpu")
    "+cu",
    "driver",
    "cuda",
    "cudnn",
    "python",
    "torch",
    "tensorflow",
    "keras",
    "jax",
    "capabilit",
    "sm_",
    "gpu",
    "rtx",
    "gtx",
    "tesla",
    "quadro",
    "titan",
    "nvidia",
    "ubuntu",
    "debian",
    "centos",
    "rocky",
    "red hat",
    "rhel",
    "fedora",
    "arch linux",
    "windows",
    "macos",
    "macbook",
    "on mac",
    "on my mac",
    "on a mac",
    "mac mini",
    "mac studio",
    "mac pro",
    "wsl",
    "glibc",
    "description:",
    "pretty_name",
    "mint",
    "pop!",
    "a100",
    "h100",
    "h200",
    "b200",
    "v100",
    "p100",
    "k80",
    "t4",
    "a10",
    "l4",
    "l40",
    "a40",
    "a30",
    "a6000",
    "gh200",
    "###",
    "ollama",
    "vllm",
    "both",
    "machine",
    "computer",
    "laptop",
    "server",
    "i have",
    "enabled",
    "support",
    "ulimit",
    "memlock",
    "locked memory",
    "shm",
    "shared memory",
)
MAX_LINES = 4000
# Copies of one line shape (the line with every run of digits as "0") read at most
SAME_SHAPE_LINES = 20
_DIGIT_RUN = re.compile(r"\d+")


# nvidia-smi -q's aligned "CUDA Version      : 13.0" (see facts())
_SMI_Q_CUDA = re.compile(r"\s*CUDA Version\s*:\s*(\d{1,2}\.\d{1,2})\s*$")


def facts(lines: List[str], file: str, candidates: Optional[List[int]] = None) -> Iterator[Fact]:
    """Facts in the lines (``candidates``: the indices holding a trigger word)."""
    if candidates is None:
        candidates = candidate_lines("\n".join(lines), TRIGGERS)
    seen = set()
    shapes: Dict[str, int] = {}
    for i in candidates:
        line = lines[i]
        if len(seen) >= MAX_LINES:
            break
        if not line or line in seen:
            continue
        seen.add(line)
        # a log line printed again and again with other numbers ("epoch 3 step 120 ... gpu
        # mem 31000 MiB") states what its first copies state: read the first few of a shape
        shape = _DIGIT_RUN.sub("0", line)
        shapes[shape] = shapes.get(shape, 0) + 1
        if shapes[shape] > SAME_SHAPE_LINES:
            continue
        smi_cuda = _SMI_Q_CUDA.match(line) if i and "CUDA Version" in line else None
        if smi_cuda and lines[i - 1].lstrip().startswith("Driver Version"):
            # `nvidia-smi -q`'s header: the CUDA under "Driver Version" is the newest the driver
            # supports, no toolkit (a real H200's paste read it as nvcc 13.0)
            yield Fact("driver.cuda", smi_cuda.group(1), file, i + 1, line.strip())
            continue
        yield from line_facts(line, i + 1, file)
    for j, synthetic in section_values(lines):
        for f in line_facts(synthetic, j + 1, file):
            f.text = lines[j].strip()
            yield f


def _drop_hearsay(text: str) -> str:
    """``text`` without the clauses that say what a document states."""
    out, pos = [], 0
    for m in _HEARSAY.finditer(text):
        if m.start() < pos:
            continue
        out.append(text[pos : m.start()])
        end = _CLAUSE_END.search(text, m.end())
        pos = end.start() if end else len(text)
    out.append(text[pos:])
    return " ".join(out)


def line_facts(line: str, n: int, file: str) -> Iterator[Fact]:
    """The facts one line states. A driver or CUDA floor in the line ("I've read that the
    minimum version is 470", "requires CUDA 12.1 or higher") is the software's (extract.floors
    reads it): a value equal to it is not the host's, other values in the line still are."""
    stated = floors.requirement_values(line)
    for f in _line_facts(line, n, file):
        if stated and (f.key, str(f.value)) in stated:
            continue
        yield f


def _line_facts(line: str, n: int, file: str) -> Iterator[Fact]:  # noqa: C901 - one rule a branch
    text = line.strip()
    if len(text) > 600:
        text = text[:600]
    if not text.isascii():
        # full-width punctuation and digits (Chinese/Japanese input methods: "driver：430.64")
        # read as their ASCII forms
        text = unicodedata.normalize("NFKC", text)
    if "://" in text:
        text = _URL.sub(" ", text)  # a version inside a link is not a fact about this host
    lowered = text.lower()
    if any(w in lowered for w in _HEARSAY_WORDS) and _HEARSAY.search(text):
        text = _drop_hearsay(text)
    if "**" in text:  # markdown bold in issue templates: "- **Python version**: 3.8"
        text = text.replace("**", "")  # (not "__": that is Python's torch.__version__)
    if "`" in text:  # inline code: "- TensorFlow version: `2.2.0`"
        text = text.replace("`", "")
    if "(" in text:
        text = _EXAMPLE.sub(" ", text)
    if text.startswith(("*", "@")) and re.match(r"^[*@]\S*\s+(?:soft|hard|-)\s+memlock", text):
        return  # a limits.conf line is configuration, not the limit in effect

    def fact(key: str, value: object, kind: str = "prose", **kw: object) -> Fact:
        return Fact(key, value, file, n, text, kind, **kw)  # type: ignore[arg-type]

    low = text.lower()
    if "cuda" in low and ("toolkit" in low or "sm_" in low or "installed cuda driver" in low):
        warp = list(_warp_facts(text, fact))
        if warp:
            yield from warp
            return
    ignored = ("=" in low or "need" in low or "requir" in low) and bool(_IGNORE.search(text))
    m = _LSB.match(text) if ":" in text else None
    if m:
        key, val = m.group(1), m.group(2)
        # lsb_release's "Description:\tUbuntu 20.04.6 LTS" starts with the OS; an issue form's
        # "## Description" section ("CUDA build on Ubuntu 20.04 crashes") is a sentence
        os_m = _OS.search(val) if key == "Description" else None
        if os_m and os_m.start() == 0:
            yield fact("os", val, "fragment")
        return
    m = _OS_RELEASE.match(text) if "PRETTY" in text else None
    if m:
        yield fact("os", m.group(1), "fragment")
        return
    if ignored:
        # a floor follows (">= 11.1", "requires"), but the writer's own driver may come first:
        # "I have an older version of the NVIDIA driver (450.36), which does not support CUDA
        # toolkit >= 11.1" (RosettaCommons/RoseTTAFold#11); a driver named before the first
        # floor, with no word of need before it, is the host's
        stop = _IGNORE.search(text)
        head = text[: stop.start()] if stop else ""
        m = _DRIVER.search(head) if "driver" in head.lower() else None
        if m and not _NEED_BEFORE.search(head[: m.start()]):
            yield fact("driver.version", _clean_version(m.group(1)))
        return
    cuda_cudnn = _CUDA_CUDNN.search(text) if "/" in text and "cudnn" in low else None
    m = cuda_cudnn
    if m:
        if "." in m.group(1) or m.group(1) == "8":  # CUDA 8 had one release, 8.0
            yield fact("nvcc", m.group(1) if "." in m.group(1) else "8.0")
        if m.group(2):
            yield fact("cudnn", m.group(2))
    driver_read = False
    if (
        "driver" in low or "nvidia-smi:" in low
    ) and "cuda driver version is insufficient" not in low:
        m = _DRIVER.search(text) or _DRIVER_LOOSE.search(text) or _DRIVER_MINE.search(text)
        # "CUDA driver version" is the driver API's CUDA (12020), except when its value is a
        # driver release (sglang's env: "CUDA Driver Version: 535.54.03")
        if m and (
            not re.search(r"cuda\s+driver", low[: m.start() + 12])
            or re.fullmatch(r"[3-9]\d\d\.\d{1,3}(?:\.\d{1,3})?", m.group(1))
        ):
            yield fact("driver.version", _clean_version(m.group(1)))
            driver_read = True
        m = None if driver_read else _DRIVER_BEFORE.search(text)
        if m:
            yield fact("driver.version", m.group(1))
            driver_read = True
    m = _DRIVER_PKG.search(text) if "nvidia-" in low else None
    if m:
        yield fact("driver.version", m.group(1))
    elif not driver_read and "nvidia" in low and (dkms := _DRIVER_DKMS.search(text)):
        yield fact("driver.version", dkms.group(1), "fragment")
    elif not driver_read and _NVIDIA_WORDS.search(text):
        m = _DRIVER_WINDOWS.search(text)
        if m:
            digits = m.group(1) + m.group(2)
            yield fact("driver.version", f"{digits[:3]}.{digits[3:]}", "fragment")
    smi_header = "NVIDIA-SMI" in text or "Driver Version" in text or "KMD Version" in text
    m = _CUDA_IMAGE.search(text) if "nvidia/cuda:" in low else None
    if m:
        yield fact("runtime.cuda", m.group(1), "fragment", name="nvidia/cuda image")
    nvcc_line = NVCC_RELEASE.search(text) if "compilation tools" in low else None
    cmake = (
        _CMAKE_CUDA.search(text)
        if "cuda detected" in low or "found cuda" in low or "compiler identification" in low
        else None
    )
    installer = _CUDA_INSTALLER.search(text) if "cuda_" in low else None
    if nvcc_line:
        yield fact("nvcc", nvcc_line.group(1), "fragment")
    elif installer:
        yield fact("nvcc", installer.group(1))
    elif cmake:
        yield fact("nvcc", next(g for g in cmake.groups() if g), "fragment")
    elif not cuda_cudnn and ("cuda" in low or "nvcc" in low) and not smi_header:
        m = _NVCC_PROSE.search(text)
        if m:
            yield fact("nvcc", m.group(1))
        elif "cuda" in low:
            for m in _CUDA.finditer(text):
                if text[m.start() - 1 : m.start()] == "+":
                    continue  # a package's build suffix ("8.9.3.28-1+cuda12.1"), no toolkit
                before = low[max(0, m.start() - 25) : m.start()]
                if "built" in before and _built_other_package(low[: m.start()]):
                    continue  # that package's own CUDA: neither torch's nor a toolkit
                if (
                    "torch" in before
                    or "built" in before
                    or "used to build" in before
                    or ("compiled with" in before and "torch" in low)
                ):
                    yield fact("torch.cuda", m.group(1))
                elif "nvidia-smi" in low[max(0, m.start() - 40) : m.start()] or re.search(
                    r"\bdriver\b[^()\n]{0,20}?\d{3}(?:\.\d+)*\s*\(\s*$|\bdriver(?:'s)?\s*$", before
                ):
                    # nvidia-smi's "CUDA Version" is the driver's, not a toolkit; so is the
                    # CUDA in parentheses after a driver version ("driver 470.82 (CUDA 11.4)"),
                    # and "Driver CUDA: 12.4" beside "CUDA Toolkit: 11.8" (rapidsai/deployment#516)
                    yield fact("driver.cuda", m.group(1))
                elif ("driver" in before or "runtime" in before) and re.search(
                    r"(?:\bfor|\bsupports?|\bup to|compatible with|\bruntime)\W*$", before
                ):
                    # "a driver good enough for CUDA 9.0 ... when I use CUDA 9.1": the CUDA
                    # said of the driver is no toolkit; a later one in the line may be. (A
                    # driver named first, "driver 418.56, cuda 10.1", says nothing of the CUDA.)
                    continue
                elif _not_a_cuda_release(m.group(1)) and _gpu_words(low):
                    # "a GT 730 graphics card that uses CUDA version 3.5": no CUDA 3.5 was ever
                    # released; a card's "CUDA version" there is its compute capability
                    yield fact("gpu.cc", m.group(1))
                else:
                    yield fact("nvcc", m.group(1))
                break
    m = _DRIVER_CUDA_CEILING.search(text) if "driver" in low and not smi_header else None
    if m:
        yield fact("driver.cuda", m.group(1) or m.group(2))
    # "CUDA/cuDNN version: 8.0" with one value states CUDA: a cuDNN is read only where the
    # line names it after that value ("CUDA 8.0, cuDNN 5.1")
    if "cudnn" in low and not (cuda_cudnn and cuda_cudnn.group(2)):
        m = _CUDNN.search(text, cuda_cudnn.end() if cuda_cudnn else 0)
        if m:
            yield fact("cudnn", m.group(1))
    # `pip --version` ("pip 24.2 from ... (python 3.13)") and a traceback frame under
    # ".../lib/python3.13/site-packages/" name the interpreter that ran: tool output, which
    # outranks a sentence ("I use Python 3.10", often what the README asked for)
    ran = _PYTHON_RAN.search(text) if "python" in low else None
    if ran:
        yield fact("python", ran.group(1) or ran.group(2), "fragment")
    # "supports Python 3.8 to 3.10" states what a package needs, not the Python in use
    m = (
        _PYTHON.search(text)
        if "python" in low and not ran and not floors.python_range_in(text)
        else None
    )
    if m:
        yield fact("python", m.group(1))
    torch_read = False
    if "torch" in low:
        m = _TORCH_CUDA.search(text) or _COLLECT_ENV_TORCH_CUDA.match(text)
        if m:
            yield fact("torch.cuda", None if m.group(1).lower() == "none" else m.group(1))
        elif "cuda" in low and ("nvcc" in low or "toolkit" in low or "cuda_home" in low):
            # one sentence names both nvcc's CUDA and torch's: the torch one is its own fact
            m = _TORCH_CUDA_PROSE.search(text)
            if m:
                yield fact("torch.cuda", m.group(1))
        elif "cu" in low and not _BUILT_FOR_TORCH.search(text):
            # (not xFormers' "built for PyTorch 2.0.1+cu118 ... (you have 2.0.1+cpu)")
            tag = _TORCH_CU_TAG.search(text)
            if tag:
                digits = tag.group(1) or tag.group(2) or tag.group(3)
                yield fact("torch.cuda", f"{int(digits[:-1])}.{digits[-1]}")
        built_for = _BUILT_FOR_TORCH.search(text) if "you have" in low else None
        if not built_for and "expected pytorch version" in low:
            # PyG's extensions: "Expected PyTorch version 1.4 but found version 1.3": the
            # installed torch is the one found
            built_for = _PYG_FOUND_TORCH.search(text)
        m = None if built_for else _TORCH.search(text)
        if built_for:
            # xFormers / an extension: "built for PyTorch 2.7.1+cu126 with CUDA 1208 (you have
            # 2.8.0+cu128)": the torch installed is the one in parentheses
            yield fact("torch.version", built_for.group(1), "message")
        if m and "used to build" in low[: m.start() + 1]:
            m = None  # "CUDA used to build PyTorch: 9.0.176" states torch's CUDA, not torch
        if m and "torchvision" not in low[max(0, m.start() - 2) : m.start() + 12]:
            # "PyTorch 2.8.0 + cu129" is the local tag written with spaces, and "'1.10.0cpu'"
            # the +cpu tag whose "+" a Markdown renderer or a retelling lost
            version = re.sub(r"(?<=\d)cpu$", "+cpu", re.sub(r"\s", "", m.group(1)))
            if "+" not in version and _CPU_BUILD_AFTER.match(text, m.end()):
                version += "+cpu"  # "PyTorch version: 1.5.0 (CPU toolkit)" (pyg#1330)
            yield fact("torch.version", version)
            torch_read = True
        torch_read = torch_read or built_for is not None
    # (also in a line that names torch without its version next to it: "checking the torch
    # version reveals 2.0.0+cpu")
    if not torch_read and "+c" in low:
        m = _BARE_TORCH_BUILD.search(text)
        if m and not _OTHER_PACKAGE.search(low[max(0, m.start() - 30) : m.start()]):
            yield fact("torch.version", m.group(1))
    m = _TF.search(text) if "tensorflow" in low or "tf" in low else None
    if m:
        yield fact("tensorflow.version", m.group(1))
    for m in _JAX.finditer(text) if "jax" in low else ():
        if m.group(1):  # jaxlib, the compiled runtime: a package of its own
            yield fact("package", m.group(2), name="jaxlib")
            if low[max(0, m.start() - 4) : m.start()] == "jax/":  # "jax/jaxlib 0.4.30": both
                yield fact("jax.version", m.group(2))
        else:
            yield fact("jax.version", m.group(2))
    # Lightning's refusal, "You requested GPUs: [0]  But your machine only has: []", is tested
    # apart: one more alternative in _GPU_PRESENT costs every line of a 1 MB log
    if _GPU_PRESENT.search(text) or (
        "requested gpus" in low and re.search(r"\bYou requested GPUs:\s*\[\d", text, re.I)
    ):
        yield fact("gpu.present", True)
    m = _ARCH_LIST.search(text) if "capabilit" in low else None
    if m:
        yield fact("torch.arch_list", tuple(m.group(1).split()), "message")
    m = _EXT_ARCH.match(text) if "arch" in low and ("sm_" in low or "compute_" in low) else None
    if m:
        archs = tuple(re.findall(r"(?:sm|compute)_\d+a?", m.group(2).lower()))
        if m.group(1).lower() not in ("torch", "pytorch"):
            yield fact("ext.arch_list", archs, "fragment", name=m.group(1).lower())
        return  # a build's arch list: not the GPU's compute capability
    m = _GPU_INDEXED.match(text) if low.lstrip().startswith("gpu") else None
    if m:
        names = gpu_names(m.group(2))
        if names:
            yield fact("gpu.name", names[0], "fragment", gpu=int(m.group(1)))
            return
    m = _CUDA_DRIVER_API.search(text) if "cudadriverversion" in low else None
    if m:
        from envcheck.importers.extract.messages import cuda_api_version

        version = cuda_api_version(m.group(1))
        if version:
            yield fact("driver.cuda", version, "fragment")
        return
    m = _TF1_DEVICE.search(text) if "major:" in low else None
    if m:
        yield fact("gpu.name", m.group(1), "fragment")
        yield fact("gpu.cc", f"{int(m.group(2))}.{m.group(3)}", "fragment")
        return
    m = _NUMBA_DEVICE.match(text) if "supported]" in low else None
    if m:
        yield fact("gpu.name", m.group(2), "fragment", gpu=int(m.group(1)))
        return
    m = _PADDLE_DEVICE.search(text) if "runtime api version" in low else None
    if m:
        yield fact("driver.cuda", m.group(1), "message")
        yield fact("runtime.cuda", m.group(2), "message", name="paddle")
    m = _TF_CUDART.search(text) if "libcudart.so." in low else None
    if m and int(m.group(1)) < 11:
        # TensorFlow opens the libcudart soname of the CUDA it was built with; before CUDA 11
        # the soname names the minor too (libcudart.so.10.1), from 11 on only the major
        # (named apart from "tensorflow", whose own report the TensorFlow checks judge)
        cu = f"{m.group(1)}.{m.group(2)}"
        yield fact("runtime.cuda", cu, "message", name=f"TensorFlow (libcudart.so.{cu})")
    # a floor the sentence states ("requires compute capability 7.0 or higher") is the
    # software's, not the GPU's: only a compute capability outside it is read
    floor = floors.floor_match(text) if ("capabilit" in low or "sm" in low) else None
    m = next(
        (
            cc
            for cc in (_CC.finditer(text) if "capabilit" in low or "compute compat" in low else ())
            if floor is None or not floor.start() <= cc.start() < floor.end()
        ),
        None,
    )
    if m:
        yield fact("gpu.cc", f"{int(m.group(1))}.{m.group(2)}")
    elif ("sm_" in low or "sm" in low) and floor is None:
        sms = _SM.findall(text)
        if (
            len(sms) == 1
            and _SM_CONTEXT.search(text)
            and "support" not in low
            and not _sm_is_the_builds(text, int(sms[0][0]))
        ):
            yield fact("gpu.cc", f"{int(sms[0][0])}.{sms[0][1]}")
    m = _GEFORCE_FAMILY.search(text) if "series" in low or "xx" in low else None
    family_cc = base.geforce_series_cc(m.group(1) or m.group(2)) if m else None
    if m and family_cc and (not gpu_names(text) or "000" in m.group(0)):
        # the family's compute capability, kept only where the text names no GPU model (extract
        # .apply drops it beside any other GPU fact); "the RTX 5000 series" is the family too,
        # not the Quadro RTX 5000 that gpu_names reads in it
        yield fact("gpu.cc", family_cc, "prose", name=GPU_FAMILY)
    elif (
        _gpu_words(low)
        and not _WORKS_ON_IT.search(text)
        and (
            _GPU_LINE.match(text)
            or re.search(
                r"\b(?:my|your|an?|the|on|with|using)\s+(?:\d+\s*x\s*)?(?:nvidia\s+)?(?:geforce\s+)?"
                r"(?:rtx|gtx|tesla|quadro|titan|[ahblvt]\d)",
                low,
            )
        )
    ):
        names = gpu_names(text) or _labelled_model_number(text)
        names = [n for n in names if not _not_the_machines(text, n)]
        if len(names) > 1:
            # of two cards on one line, the one the job worked on is not the one it fails on
            failing = [n for n in names if not _worked_on(text, n)]
            names = failing or names
        if names:
            count = 1
            cm = _COUNT.search(text)
            if cm:
                count = int(cm.group(1) or cm.group(2))
            yield fact("gpu.name", names[0])
            if count > 1:
                yield fact("gpu.count", count)
    elif _gpu_words(low) and len(text) < 60:
        # a line that is a GPU model and nothing else ("Tesla P40" under "Installed GPU(s):")
        bare = re.sub(r"^(?:[-*]\s*|\d{1,2}\s*[:.)]\s*|GPU\s*\d{1,2}\s*[:.)]\s*)", "", text)
        m = _GPU_NAME.fullmatch(bare.strip().rstrip(",;"))
        if m:
            names = gpu_names(bare)
            if names:
                yield fact("gpu.name", names[0])
    banner = ("on win32" in low and "msc v." in low) or re.search(r"-win_amd64\.whl\b", low)
    if banner or ("\\site-packages\\" in low or "winerror" in low) and _WINDOWS_PYTHON.search(text):
        # Python's own banner ("[MSC v.1928 64 bit (AMD64)] on win32"), a Windows wheel being
        # installed, a traceback through a drive-letter site-packages and "[WinError 126]"
        # (raised by Windows' own loader) all say the Python runs natively on Windows
        yield fact("os", "Windows", "fragment")
        m = _WINDOWS_PYTHON_DIR.search(text)
        if m:  # python.org's installer directory names the version: "...\Python312\Lib\"
            yield fact("python", f"3.{m.group(1)}", "fragment")
        if banner:
            return
    m = _OS.search(text) if _OS_WORDS.search(low) else None
    if m and not low.startswith(("#", "//")):
        named = m.group(1)
        # a Mac named as hardware ("on my MacBook Pro", "on a Mac") is macOS
        mac = re.match(r"(?:my |a )?mac(?!os)", named, re.I)
        yield fact("os", "macOS" if mac else named)
    m = _MEMLOCK.search(text) if ("ulimit" in low or "memlock" in low or "locked" in low) else None
    if m and "current" in low:
        # UCX's advice names the wanted limit and then the one in effect: "Please set max locked
        # memory (ulimit -l) to 'unlimited' (current: 8192 kbytes)" (mlcommons/mlperf-
        # automations#664): the current one is the fact
        m = _MEMLOCK_CURRENT.search(text) or m
    if m and not ignored:
        if m.group(1).lower() == "unlimited":
            yield fact("memlock", None)
        else:
            kib = (
                int(m.group(1))
                * {"": 1, "K": 1, "M": 1024, "G": 1 << 20}[(m.group(2) or "").upper()]
            )
            yield fact("memlock", kib * 1024)
    if "shm" in low or "shared memory" in low:
        yield from _shm_facts(text, fact)
    m = _TORCHVISION.search(text) if "torchvision" in low else None
    if m:
        yield fact("package", m.group(1), name="torchvision")
    m = _KERAS.search(text) if "keras" in low else None
    if m:  # "tf.keras import raises an AlreadyExistsError with keras 2.7"
        yield fact("package", m.group(1), name="keras")
    m = _BOTH_BUILDS.search(text) if "both" in low and "-gpu" in low else None
    if m:  # "I had installed both onnxruntime and onnxruntime-gpu": both import one module
        yield fact("package", "(version not stated)", name=m.group(1).lower())
        yield fact("package", "(version not stated)", name=m.group(2).lower())
    m = APP_VERSION.search(text) if ("ollama" in low or "vllm" in low) and not ignored else None
    if m:
        yield fact("package", m.group(2), name=m.group(1).lower())
    m = _CVD.search(text) if "cuda_visible_devices" in low else None
    if m and not low.lstrip().startswith(("#", "//", "unset")):
        value = (m.group(2) if m.group(1) else m.group(3)) or ""
        # a key: value dump whose value is empty (Ollama logs its settings as
        # "map[CUDA_VISIBLE_DEVICES: GPU_DEVICE_ORDINAL: ...]") shows the next key: unset
        next_key = not m.group(1) and re.fullmatch(r"[A-Z][A-Z0-9_]{2,}:", value)
        if not m.group(1):
            # an unquoted value that ends a sentence ("I set CUDA_VISIBLE_DEVICES=0."): the
            # full stop is the writer's, not the setting's
            value = re.sub(r"(?<=[\w])[.!?:]+$", "", value)
        # Python that assigns an expression (`os.environ["CUDA_VISIBLE_DEVICES"] = str(ids[0])`,
        # `= gpu_ids`) sets whatever that evaluates to: only a literal is a value
        in_python = re.match(r"CUDA_VISIBLE_DEVICES['\"]", m.group(0), re.I) is not None
        expression = not m.group(1) and (
            "(" in value  # a call; brackets alone may be the (wrong) value: `=[1,2,3]`
            or (in_python and not re.fullmatch(r"-?\d+(?:,\d+)*", value.strip()))
        )
        # a shell variable, or a Python f-string / format field ("{rank}"), is not a value
        if (
            not next_key
            and not expression
            and (not value.startswith("$") or value.strip() == "$0")
            and "{" not in value
        ):
            yield fact("env", value.strip(), name="CUDA_VISIBLE_DEVICES")
    elif m is None and "cuda_visible_devices" in low:
        m = _CVD_SAID.search(text)
        if m:
            yield fact("env", m.group(1).strip("'\""), name="CUDA_VISIBLE_DEVICES")
    m = _GLIBC.search(text) if ("glibc" in low or "ldd" in low) else None
    if m:
        yield fact("glibc", m.group(1))


def _warp_facts(text: str, fact) -> Iterator[Fact]:  # type: ignore[no-untyped-def]
    """NVIDIA Warp's banner and driver warning: its "CUDA Toolkit" is the CUDA Warp was built
    with (the runtime it ships), not an nvcc on the machine; "Driver 12.6" is the driver's."""
    m = _WARP_CUDA.match(text)
    if m:
        yield fact("runtime.cuda", m.group(1), "message", name="warp-lang")
        yield fact("driver.cuda", m.group(2), "message")
        return
    m = _WARP_DEVICE.match(text)
    if m:
        yield fact("gpu.name", m.group(2), "fragment", gpu=int(m.group(1)))
        yield fact("gpu.cc", f"{int(m.group(3))}.{m.group(4)}", "fragment", gpu=int(m.group(1)))
        return
    m = _WARP_DRIVER.search(text)
    if m:
        yield fact("driver.cuda", m.group(1), "message")


def _shm_facts(text: str, fact) -> Iterator[Fact]:  # type: ignore[no-untyped-def]
    """/dev/shm's size in bytes: ``df -h /dev/shm`` (``shm 64M 0 64M 0% /dev/shm``; without a
    unit df counts 1K blocks), "/dev/shm is only 64MB", ``--shm-size=64m`` / ``shm_size:``
    / ``"ShmSize": 67108864`` (without a unit Docker counts bytes)."""
    m = _SHM_DF.match(text)
    if m:
        unit = (m.group(2) or "K").upper()
        yield fact("shm.total", int(float(m.group(1)) * _UNITS[unit]), "fragment")
        return
    m = _SHM_FLAG.search(text)
    if m:
        unit = (m.group(2) or "B").upper()
        yield fact("shm.total", int(float(m.group(1)) * _UNITS[unit]))
        return
    m = _SHM_PROSE.search(text)
    if m:
        yield fact("shm.total", int(float(m.group(1)) * _UNITS[m.group(2).upper()]))


_DOCKER_RUN = re.compile(r"\b(?:docker|nvidia-docker|podman) (?:container )?run\b[^\n]*", re.I)
_SHM_SET = re.compile(r"--shm-size|--ipc[= ]host|\bshm_size\b|\bipc:\s*host\b", re.I)
_SHM_TROUBLE = re.compile(r"/dev/shm|shared memory|\bshm\b|bus error|</torch_|nccl warn", re.I)
DOCKER_DEFAULT_SHM = 64 << 20  # `docker run --shm-size`: "default 64MB" (docs.docker.com)


def docker_shm_default(text: str, file: str) -> List[Fact]:
    """A ``docker run`` without ``--shm-size`` or ``--ipc=host`` gives the container Docker's
    default 64 MB /dev/shm. Read only when the text also shows shared memory in trouble (a
    ``docker run`` of ``nvidia-smi`` says nothing about a training job's /dev/shm)."""
    low = text.lower()
    if "run" not in low or "docker" not in low and "podman" not in low:
        return []
    if _SHM_SET.search(text) or not _SHM_TROUBLE.search(text):
        return []
    m = _DOCKER_RUN.search(text)
    if not m:
        return []
    n = text.count("\n", 0, m.start()) + 1
    line = text.split("\n")[n - 1].strip()
    return [
        Fact("shm.total", DOCKER_DEFAULT_SHM, file, n, line, "prose"),
        Fact("container", "docker", file, n, line, "prose"),
    ]
