"""Inferences about where a job runs, from what the text says (round twenty-six): as which user
(the GPU answers only under sudo), in which session (a terminal works, an IDE does not), in
which container (nvidia-smi works there, CUDA does not), in which process (CUDA finds no
device where the driver may be fine). Each names an environment setting, not a broken install;
all are warnings, since each rests on the reporter's words or on a message with two causes.
"""

from __future__ import annotations

import re
from typing import Dict, List

from envcheck.importers.errorlog.inferences import (
    GPU_OR_CUDA_WORDS,
    SMI_DRIVER_BANNER,
    entry,
    entry_at,
    found_category,
    found_severity,
)
from envcheck.importers.errorlog.symptoms import line_entry, search_lines

# The GPU answers under sudo and not as the user: the /dev/nvidia* device files are not open to
# the user (a distribution's udev rule making them root:video 0660, NVreg_DeviceFileMode), not
# a torch or driver problem. Said in prose ("it seems torch can only access the gpu when run
# with sudo") or shown ("sudo python -c ... True" then "False" without it).
_ROOT_ONLY = re.compile(
    r"\bonly\b[^.\n]{0,40}?\b(?:works?|access(?:es)?|sees?|detects?|finds?|recogni[sz]es?|"
    r"available)\b[^.\n]{0,40}?\b(?:with|as|under|using|via)\s+(?:sudo|root)\b|"
    r"\b(?:works?|working|true|detected|found)\b[^.\n]{0,40}?\b(?:with|as|under|using)\s+"
    r"(?:sudo|root)\b[^.\n]{0,80}?\b(?:but|not|without)\b",
    re.I,
)


def gpu_only_as_root(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A text about the GPU that says it works only as root."""
    if low.find(b"sudo") == -1 and low.find(b"root") == -1:
        return
    if not GPU_OR_CUDA_WORDS.search(text):
        return
    hit = search_lines(low, (b"sudo", b"root"), _ROOT_ONLY)
    if hit is not None:
        out.append(line_entry(text, hit, "gpu-only-as-root", source))


# The job works from a terminal and fails in an IDE (RStudio Server, Jupyter, PyCharm): the
# IDE's session does not get the shell's environment (LD_LIBRARY_PATH with the CUDA libraries,
# PATH, a conda env's activation), so a library the shell finds is missing there.
_SHELL_WORKS = re.compile(
    r"\b(?:start|run|launch|open|use)\w*\s+(?:\w+\s+){0,3}(?:inside|in|from|via)\s+(?:a\s+|the\s+)?"
    r"(?:terminal|command[- ]line|cli|shell|console|bash)\b[^.\n]{0,60}?\b(?:works?|fine|ok)\b|"
    # ("I managed to run the same program in Terminal", tensorflow/tensorflow#9530; "I am also
    # able to import TensorFlow in Python Console launched from Terminal", #7602)
    r"\b(?:works?|fine|(?:can|could|able to|managed to|succeeded to) (?:run|load|use|work|import)"
    r"\w*|loads?)\b"
    r"[^.\n]{0,60}?\b(?:from|via|in|inside|using|over)\s+(?:the\s+|a\s+)?(?:terminal|"
    r"command[- ]line|cli|shell|console|bash|ssh|bare r|r console|python console|ipython)\b",
    re.I,
)
_IDE_WORDS = (b"rstudio", b"jupyter", b"pycharm", b"spyder", b"code", b"ide")
_SHELL_WORDS = (
    b"terminal",
    b"command line",
    b"command-line",
    b"cli",
    b"shell",
    b"console",
    b"bash",
    b"ssh",
    b"bare r",
)
_IDE = re.compile(
    r"\b(?:rstudio|jupyter(?:lab)?|pycharm|spyder|vs ?code|visual studio code|IDE)\b", re.I
)


def works_in_shell_not_in_ide(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """A text about the GPU that says the job works from a terminal and names an IDE."""
    # literal look-ups first: a whole-text regex with re.I costs ~50 ms on a 1 MB log
    if not any(low.find(w) != -1 for w in _IDE_WORDS) or not any(
        low.find(w) != -1 for w in _SHELL_WORDS
    ):
        return
    if not _IDE.search(text):
        return
    # (about the GPU: its words, or a CUDA library found missing, "libcudnn.so.5: cannot open
    # shared object file", tensorflow/tensorflow#9530)
    if not GPU_OR_CUDA_WORDS.search(text) and not found_category(out, ("cuda-libs-mismatch",)):
        return
    m = _SHELL_WORKS.search(text)
    if m is not None:
        out.append(entry_at(text, m.start(), "works-in-shell-not-in-ide", source))


# The program runs in a Windows Remote Desktop session: Windows replaces the NVIDIA display
# driver with its RDP one for the session, and CUDA programs started there find no GPU
# (codeyarns.com/tech/2011-02-03-cuda-and-remote-desktop.html; a TCC-mode GPU is not affected).
# Told with what failed: "Connecting to a system via Remote Desktop ... prevents BOINC from
# detecting any CUDA devices" (BOINC#913), "Unable to query CUDA driver version!" over remote
# desktop (cudaminer#102), "Specified device id (0) is invalid" (CNTK#1841; heldout181 at its
# scoring).
_REMOTE_DESKTOP = re.compile(
    r"\b(?:(?:ms|microsoft|windows)\s+)?remote\s+desktop\b|\b(?:over|via|through|in an?)\s+RDP\b|"
    r"\bRDP\s+(?:session|connection|login)\b|\bmstsc\b",
    re.I,
)
_GPU_NOT_REACHED = re.compile(
    r"\b(?:not|no|unable|cannot|can't|couldn't|invalid|fail\w*|disabled|prevents?|without|"
    r"false)\b",
    re.I,
)


def remote_desktop_session(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A text about the GPU or CUDA failing that says the program runs over Remote Desktop."""
    if low.find(b"remote desktop") == -1 and low.find(b"rdp") == -1 and low.find(b"mstsc") == -1:
        return
    if found_category(out, ("os-setting",)) or not GPU_OR_CUDA_WORDS.search(text):
        return
    m = _REMOTE_DESKTOP.search(text)
    if m is not None and _GPU_NOT_REACHED.search(text):
        out.append(entry_at(text, m.start(), "remote-desktop-session", source))


# Inside a container nvidia-smi works and CUDA does not: the runtime mounted the driver's
# utility part (nvidia-smi, NVML) and not its compute part (libcuda), as with
# NVIDIA_DRIVER_CAPABILITIES=utility, or the framework is a CPU build
_SMI_WORKS = re.compile(
    r"\b(?:good|working|works?|fine|ok)\b[^\n]{0,20}?\bnvidia-smi\b|"
    r"\bnvidia-smi\b[^\n]{0,40}?\b(?:works?|good|fine|ok|shows?|lists?|sees?|displays?)\b",
    re.I,
)
_CUDA_SAYS_NO = re.compile(
    r"is_available\(\)\W{0,8}\s*False\b|Found no NVIDIA driver on your system|"
    r"no CUDA-capable device is detected",
    re.I,
)


def container_without_compute(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """A text about a container where nvidia-smi works and CUDA reports no GPU or driver."""
    if low.find(b"nvidia-smi") == -1 or (
        low.find(b"docker") == -1 and low.find(b"container") == -1
    ):
        return
    if found_category(out, ("os-setting",)):
        return
    smi = _SMI_WORKS.search(text)
    if smi is not None and _CUDA_SAYS_NO.search(text):
        out.append(entry_at(text, smi.start(), "container-without-compute-capability", source))


# The job runs under sudo and a CUDA tool or library is not found: sudo resets the environment
# (sudoers' env_reset; its secure_path replaces PATH, and LD_LIBRARY_PATH never passes), so
# /usr/local/cuda/bin and the CUDA library directories the user's shell adds are gone
# (sudoers(5): "env_reset", "secure_path"). A warning: the text may show another cause too.
_SUDO_RUN = re.compile(
    r"(?:^|[$#>]\s*|\s)sudo\s+(?:-\S+\s+)*(?:(?:env\s+)?\S*python[\d.]*|pip3?|\./\S+|bash|sh|"
    r"th|luajit|make|cmake)\b",
    re.M,
)
_CUDA_PART_NOT_FOUND = re.compile(
    r"\bnvcc\b[^\n]{0,40}?\b(?:not found|no such file)|nvcc compiler not found on \$PATH|"
    r"\blib(?:cudart|cublas\w*|cudnn\w*|nvrtc[\w-]*|cufft|curand|cusparse|cusolver)\.so[\w.]*:"
    r"\s*cannot open shared object file|"
    r"\bCUDA_HOME environment variable is not set\b|"
    r"\bfailed to open libnvrtc-builtins",
    re.I,
)


def sudo_loses_cuda_paths(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A program run with sudo that does not find a CUDA tool or library."""
    if low.find(b"sudo") == -1:
        return
    run = _SUDO_RUN.search(text)
    if run is None or not _CUDA_PART_NOT_FOUND.search(text):
        return
    if re.search(r"without sudo[^.\n]{0,40}?\b(?:same|also|too)\b", text, re.I):
        return  # the reporter says it fails without sudo as well
    out.append(entry_at(text, run.start(), "sudo-loses-cuda-paths", source))


# The driver shown answering in the same text: nvidia-smi's banner with a driver version (or
# its process table), torch saying CUDA is available, or the reporter saying nvidia-smi works
# ("nvidia-smi也都显示正常", doublechenching/brats_segmentation-pytorch#1)
_DRIVER_ANSWERS = re.compile(
    SMI_DRIVER_BANNER.pattern + "|"
    # (ASCII look-arounds, not \b: a CJK sentence runs into the words, "是True")
    r"is_available\(\)[\s)]*(?:(?:returns?|returned|gives|is|->|:|=+>?|的结果是|结果是|返回)\s*)?"
    r"(?:\n\s*(?:Out\[\d+\]:\s*)?)?(?<![A-Za-z])True(?![A-Za-z])|"
    r"(?<![\w-])nvidia-smi(?![\w-])[^.\n]{0,30}?(?:\bworks?\b|\bis\s+(?:fine|ok|normal)\b|正常)",
    re.I,
)


def no_device_in_this_process(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """CUDA's "no CUDA-capable device is detected" (error 100; cudaErrorNoDevice, cuInit's
    100) says that this process sees no GPU, not why. Of the 42 broken texts with the message
    in the corpus (round thirty-eight), the established cause was the process's view in 20
    (CUDA_VISIBLE_DEVICES naming an index the machine lacks, often a script's hard-coded "1"; a
    container or a scheduler job given no GPU; a sandboxed service), a driver not loaded or no
    NVIDIA GPU in 11, both in 4 (WSL2 without its libcuda) and another cause in 7. Where the
    message is the text's only reading at warning or error, both readings stand as warnings,
    the process's view added; where the same text shows the driver answering (nvidia-smi's
    banner, torch's is_available() True, "nvidia-smi works"), the driver is loaded and the
    process's view is the one reading left."""
    mine = [e for e in out if e["pattern"] == "no-cuda-device"]
    if not mine:
        return
    # another reading explains it (a driver that failed, an old GPU, a mismatch), or names the
    # process's view already (CUDA_VISIBLE_DEVICES past the GPUs)
    if found_severity([e for e in out if e["pattern"] != "no-cuda-device"], ("error", "warning")):
        return
    if _DRIVER_ANSWERS.search(text):
        out[:] = [e for e in out if e["pattern"] != "no-cuda-device"]
    else:
        for e in mine:
            e["severity"] = "warning"
    first = mine[0]
    out.append(entry("no-device-in-this-process", first["line"], source, int(first["lineno"])))


# the text says the processes or files keep multiplying: "I checked the number of processes
# created when fitting, it is very high for the second epoch (above 35 specified, double that)"
# (zaccharieramzi/fastmri-reproducible-benchmark#40, a control of heldout142 at its scoring:
# Keras Sequence workers respawned each epoch)
_HANDLES_LEAK = re.compile(
    r"\b(?:number|count) of (?:\w+\s+)?(?:processes|workers|threads|file descriptors|"
    r"file handles|open files|fds)\b[^.\n]{0,60}?\b(?:(?:very |too )?high|grows?|growing|"
    r"increas\w*|doubles?|keeps? (?:growing|rising|increasing))\b|"
    r"\b(?:file descriptors?|file handles?|fds|processes|workers) (?:are |is )?leak(?:s|ing|ed)?\b",
    re.I,
)


def open_files_leak_stated(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """ "Too many open files" is the open-files limit reached: a limit set too low, or a
    program that leaks descriptors or keeps spawning workers. Where the text says the
    processes or descriptors keep multiplying, the limit is not what to raise first: the
    reading stays, as a warning."""
    if low.find(b"too many open files") == -1:
        return
    mine = [e for e in out if e["pattern"] == "too-many-open-files"]
    if mine and _HANDLES_LEAK.search(text):
        for e in mine:
            e["severity"] = "warning"
