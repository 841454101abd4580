"""The host C++ compiler a paste states: the gcc that nvcc would call to build CUDA code.

``gcc --version``'s first line ("gcc (Ubuntu 11.3.0-1ubuntu1~22.04) 11.3.0"), ``gcc -v``'s
"gcc version 6.2.0", collect_env's "GCC version: (Ubuntu 9.4.0-1ubuntu1~20.04.1) 9.4.0" and
sentences ("gcc version is 8.3.1", "GCC 9.4"). Not the GCC that built Python ("Python 3.10.9
(main, ...) [GCC 11.2.0]") nor a conda package of gcc's runtime (libgcc). Each ``host_gcc``
fact is kept beside the host's facts; checks/compilers.py judges it against the toolkit.
"""

from __future__ import annotations

import re
from typing import Iterator, List, Set, Tuple

from envcheck.importers.extract.facts import Fact

_GCC = re.compile(
    # gcc --version / g++ --version: "gcc (GCC) 8.3.1 20190311", "g++ (Ubuntu ...) 11.3.0"
    # (OpenMMLab's environment report prefixes it: "GCC: gcc (Ubuntu 7.5.0-3ubuntu1~18.04) 7.5.0")
    # (or quoted inside a sentence: "That's with: `gcc (GCC) 14.1.1 20240620`", Xpra-org/xpra#4281)
    r"(?:^[^\S\n]*(?:GCC:\s*)?|(?<=`))(?:gcc|g\+\+|cc|c\+\+)(?:-\d+)?\s+\([^)\n]{1,80}\)\s+"
    r"(?P<v1>\d{1,2}\.\d+(?:\.\d+)?)|"
    # collect_env: "GCC version: (Ubuntu 9.4.0-1ubuntu1~20.04.1) 9.4.0"
    r"^[^\S\n]*GCC version\s*:\s*(?:\([^)\n]{1,80}\)\s*)?(?P<v2>\d{1,2}\.\d+(?:\.\d+)?)|"
    # gcc -v and sentences: "gcc version 6.2.0", "gcc version is 8.3.1", "`gcc` version: 8.3.1",
    # "GCC 9.4", "gcc-11.2", "g++ 9.3" (not "[GCC 11.2.0]", not "%gcc@11.3.0")
    r"(?<![\[\w%@-])`?(?:gcc|g\+\+)`?[ -]?(?:version\s*(?:is\s*|:\s*)?)?v?"
    r"(?P<v3>\d{1,2}\.\d+(?:\.\d+)?)\b(?![\]@])|"
    # CMake: "-- The CXX compiler identification is GNU 7.3.0" (dlib's build, davisking/dlib#1439)
    r"\bThe (?:CXX|C) compiler identification is GNU (?P<v4>\d{1,2}\.\d+(?:\.\d+)?)\b|"
    # Jittor's log: "Found g++(10.2.0) at g++", "g++ at /usr/bin/g++(5.4.0)" (Jittor/jittor#153)
    r"\bFound (?:gcc|g\+\+)(?:-\d+)?\((?P<v5>\d{1,2}\.\d+(?:\.\d+)?)\)|"
    r"\b(?:gcc|g\+\+) at \S*?(?:gcc|g\+\+)(?:-\d+)?\((?P<v6>\d{1,2}\.\d+(?:\.\d+)?)\)",
    re.I | re.M,
)
MAX_FACTS = 5
# nvcc's front end (cudafe++, EDG) reporting an error inside libstdc++'s headers, "file(line):
# error": "/usr/include/c++/14/type_traits(529): error: identifier "__is_array" is undefined"
# (Xpra-org/xpra#4281). The header's folder is the host GCC's version (its major, or all of it:
# "/usr/include/c++/16.1.1/"), and nvcc is parsing it: the GCC nvcc builds with. gcc's own
# errors read "file:line:col: error" and are not taken.
_NVCC_IN_GCC_HEADER = re.compile(
    r"/include/c\+\+/(\d{1,2}(?:\.\d+){0,2})/[\w/.+-]{1,120}\(\d+\): (?:error|catastrophic error)\b"
)
# The text shows code being compiled (an extension build, CMake, nvcc at work): the host compiler
# matters then. Not "Cuda compilation tools" (nvcc -V) nor collect_env's "Is debug build".
_COMPILING = re.compile(
    # ("compiled" is not: "not compiled with CUDA", "a PyTorch version that has been compiled")
    # (nor OpenMMLab's "PyTorch compiling details": torch's build configuration)
    r"\bsetup\.py\b|\bcompil(?:e|es|ing|ation)\b(?!\s+tools|\s+details)|\bninja\b|"
    r"\bbuilding (?:wheel|extension|cuda)|\bnvcc (?:fatal|error)|#error\b|\bmake -j|"
    # Jittor's banner ("Jittor(1.2.1.1) src: ..."): it compiles its operators with the host
    # g++ and nvcc at run time (Jittor/jittor#153)
    r"\bJittor\(\d",
    re.I,
)


# Spack's spec of a package built with CUDA: the compiler after its "%" is the host compiler nvcc
# runs for it ("mpich@4.1.2%gcc@12.3.0~argobots+cuda+fortran", spack/spack#40272;
# "libbeagle@3.1.2%gcc@9.1.0+cuda cuda_arch=35,60", spack/spack#13462). Only a spec with +cuda:
# every line of a spec names a compiler, and the CUDA toolkit's own ("^cuda@11.8%gcc@12.3.0")
# is the one Spack installed a binary package with.
_SPACK_CUDA_PACKAGE = re.compile(
    r"(?<![\w-])[a-z][\w-]*(?:@[\w.]+)?%gcc@(\d{1,2}\.\d+(?:\.\d+)?)\S*?\+cuda(?![\w-])"
)
_TORCH_BUILT_WITH_GCC = re.compile(r"^\s*-\s*GCC \d{1,2}\.\d+\s*$")
_COMPILING_WORDS = (
    "setup.py",
    "compil",
    "ninja",
    "building ",
    "nvcc fatal",
    "nvcc error",
    "#error",
    "make -j",
    "jittor(",
)
_GCC_WORDS = ("gcc", "g++", "c++ (", "cc (", "identification is gnu", "include/c++/")
MAX_LINES = 400


def _lines_with(text: str, low: str, words: Tuple[str, ...]) -> Iterator[Tuple[int, str]]:
    """(1-based number, text) of each line holding one of ``words``, in order, at most
    MAX_LINES: str.find over the lower-cased text, no pass over every line of a 1 MB log."""
    starts = set()
    for w in words:
        pos = low.find(w)
        while pos != -1 and len(starts) < MAX_LINES:
            starts.add(low.rfind("\n", 0, pos) + 1)
            pos = low.find(w, pos + len(w))
    for start in sorted(starts):
        end = text.find("\n", start)
        yield text.count("\n", 0, start) + 1, text[start : end if end != -1 else len(text)]


def _stated(version: str, seen: Set[str]) -> bool:
    """Whether ``version`` is already among ``seen``, a header folder's major ("14") and the
    full version ("14.1.1") being one GCC."""
    return any(
        v == version or v.startswith(version + ".") or version.startswith(v + ".") for v in seen
    )


def host_gcc(text: str, file: str) -> List[Fact]:
    """One ``host_gcc`` fact (the version, "11.3.0") per distinct version the text states, on
    the line that first states it, and a ``cuda_build`` fact where the text shows code being
    compiled. Only the lines holding the words are read (a regex over a 1 MB log is not)."""
    low = text.lower()
    if all(low.find(w) == -1 for w in ("gcc", "g++", "identification is gnu", "include/c++/")):
        return []
    out: List[Fact] = []
    for n, line in _lines_with(text, low, _COMPILING_WORDS):
        if _COMPILING.search(line):
            out.append(Fact("cuda_build", True, file, n, line.strip()[:200], "prose"))
            break
    seen: Set[str] = set()
    torch_config = "pytorch built with:" in low or "pytorch compiling details" in low
    for n, line in _lines_with(text, low, _GCC_WORDS):
        if torch_config and _TORCH_BUILT_WITH_GCC.match(line):
            continue  # torch.__config__.show()'s "- GCC 7.3": the GCC torch was built with
        for m in _GCC.finditer(line):
            # (one alternative matches, and each names its version v1 ... v6)
            version = next(v for v in m.groupdict().values() if v)
            if _stated(version, seen):
                continue
            seen.add(version)
            out.append(Fact("host_gcc", version, file, n, line.strip()[:200], "prose"))
        m = _NVCC_IN_GCC_HEADER.search(line) if "include/c++/" in line else None
        if m is not None:
            if not any(f.key == "cuda_build" for f in out):  # nvcc is compiling
                out.append(Fact("cuda_build", True, file, n, line.strip()[:200], "prose"))
            if not _stated(m.group(1), seen):
                seen.add(m.group(1))
                out.append(Fact("host_gcc", m.group(1), file, n, line.strip()[:200], "prose"))
        for m in _SPACK_CUDA_PACKAGE.finditer(line) if "+cuda" in line else ():
            if not any(f.key == "cuda_build" for f in out):  # Spack builds it with nvcc
                out.append(Fact("cuda_build", True, file, n, line.strip()[:200], "prose"))
            if m.group(1) not in seen:
                seen.add(m.group(1))
                out.append(Fact("host_gcc", m.group(1), file, n, line.strip()[:200], "prose"))
        if len(seen) >= MAX_FACTS:
            break
    return out
