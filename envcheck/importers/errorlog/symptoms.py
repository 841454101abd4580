"""Inferences from what the reporter says happened, when no message names the cause.

Symptom pictures that recur in support threads and point past the software:

- a GPU fault (an illegal memory access, a failed launch, NaNs out of nowhere, a GPU that
  drops out) *together with* a sign that the card itself is the variable: the same job runs on
  another card or machine, the GPU stays unusable until a reboot, it vanished from nvidia-smi,
  or the text talks about the power supply, cooling, artifacts or a memory test. Either alone
  is common in software bugs; together they are the classic picture of a failing GPU.
- a GPU that waits for its input (utilisation near zero, "starving") while the text says the
  data loading is slow or the CPU idles: the job is bound by the disk, or by the network when
  the data comes from an object store or a network filesystem.
- one GPU trains and several hang (GPU-to-GPU traffic: P2P, ACS, IOMMU);
- a Slurm job whose launch settings break its ranks: Lightning's ranks with no task count, one
  GPU per task (--gpus-per-task) for ranks that talk GPU to GPU.

All are warnings: they rest on the reporter's words, and the fix names the measurement that
decides (`envcheck verify --kernels`, the Xid log, `envcheck watch`).
"""

from __future__ import annotations

import re
from typing import Callable, Dict, List, Match, Optional, Pattern, Tuple

from envcheck.importers.errorlog import textindex, words
from envcheck.importers.errorlog.inferences import SHM_GIVEN, entry, entry_at, found_category
from envcheck.importers.errorlog.model import MAX_LINE

_MAX_LINES = 400  # candidate lines looked at per search: a 1 MB log repeats its lines
# and the first characters of each: a one-line megabyte (a log without newlines, a hostile
# paste) must not cost a whole-megabyte regex search per symptom
_LINE_PREFIX = 10_000


def search_lines(
    low: bytes, keys: Tuple[bytes, ...], rx: Pattern[str]
) -> Optional[Tuple[int, str]]:
    """(1-based line number, line) of the first line holding one of ``keys`` that ``rx``
    matches, in ``low`` (the lower-cased UTF-8 text the scan works on).

    The regexes here are long alternations that would crawl through a 1 MB log; the keys
    (lower-case literals every match contains) pick the few lines worth searching.
    """
    return first_line(low, keys, lambda line: rx.search(line) is not None)


def first_line(
    low: bytes, keys: Tuple[bytes, ...], accept: Callable[[str], bool]
) -> Optional[Tuple[int, str]]:
    """(1-based line number, line) of the first line holding one of ``keys`` that ``accept``
    takes, in ``low``: search_lines for a test that is not one regex."""
    for start in sorted(textindex.line_starts(low, keys, _MAX_LINES)):
        end = low.find(b"\n", start, start + _LINE_PREFIX)
        line = low[start : end if end != -1 else start + _LINE_PREFIX].decode("utf-8", "replace")
        if accept(line):
            return low.count(b"\n", 0, start) + 1, line
    return None


# one command line: the GPUs it leaves visible and the processes it starts on each node (read
# in the lower-cased text first_line gives)
_VISIBLE_LIST = re.compile(r"cuda_visible_devices\s*=\s*['\"]?(\d{1,2}(?:\s*,\s*\d{1,2})*)\b")
_NPROC = re.compile(r"--nproc[_-]per[_-]node(?:\s*=\s*|\s+)['\"]?(\d{1,3})\b")


def _more_processes_than_visible(line: str) -> bool:
    visible, nproc = _VISIBLE_LIST.search(line), _NPROC.search(line)
    return bool(visible and nproc and int(nproc.group(1)) > len(visible.group(1).split(",")))


def more_processes_than_visible_gpus(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """One command that sets CUDA_VISIBLE_DEVICES to k GPUs and launches more than k
    processes per node (`CUDA_VISIBLE_DEVICES='0,1' python main.py --nproc_per_node 8`,
    Siyu-C/ACAR-Net#5): each process takes the GPU of its local rank, and those past k find
    none (NCCL's "unhandled cuda error", "invalid device ordinal")."""
    if low.find(b"nproc") == -1:
        return
    hit = first_line(low, (b"cuda_visible_devices",), _more_processes_than_visible)
    if hit is not None:
        out.append(line_entry(text, hit, "more-processes-than-visible-gpus", source))


def _line_and_text(
    text: str,
    low: bytes,
    out: List[Dict[str, str]],
    source: str,
    keys: Tuple[bytes, ...],
    line_rx: Pattern[str],
    text_rx: Pattern[str],
    pid: str,
) -> None:
    """Add ``pid`` at the first line ``line_rx`` matches (among lines holding ``keys``) when
    ``text_rx`` also matches somewhere in the text: a setting and the symptom it explains."""
    hit = search_lines(low, keys, line_rx)
    if hit is not None and text_rx.search(text):
        out.append(line_entry(text, hit, pid, source))


def line_entry(text: str, hit: Tuple[int, str], pid: str, source: str) -> Dict[str, str]:
    """An error_log entry for line ``hit[0]`` of ``text`` (its original case)."""
    lineno = hit[0]
    start = 0
    for _ in range(lineno - 1):
        start = text.find("\n", start) + 1
    end = text.find("\n", start)
    return entry(pid, text[start : end if end != -1 else len(text)], source, lineno)


# Messages a failing GPU produces (and so do software bugs: hence the second condition).
_FAULT_MESSAGES = {
    "illegal-memory-access",
    "unspecified-launch-failure",
    "nccl-unhandled-cuda-error",
    "xid-other",
    "gpu-lost",
}
# wrong pixels out of a GPU named beside them: "weird artefacts on some images processed with
# the RTX 2080Ti" (VolkerH/Lattice_Lightsheet_Deskew_Deconv#27, a defective card)
_ARTEFACTS_ON_A_GPU = r"\bart[ei]facts?\b[^.\n]{0,60}?\b(?:rtx|gtx|gpu|card|tesla|quadro)\b"
_ARTEFACT_WORD = re.compile(r"\bart[ei]facts?\b", re.I)
# The same symptoms in the reporter's words (NaNs, a GPU that dropped out, a CUDA error).
_FAULT_WORDS = re.compile(
    r"(?:loss|values?|outputs?|coordinates?|gradients?|goes?|went|became|becomes|gets?|"
    r"getting|turns?|is|are|all)\W{1,3}(?:to\s+)?-?nan\b|\bnan(?:s| values| loss)\b|"
    r"illegal (?:instruction|address|memory access) was encountered|"
    r"\b(?:gpu|card)s?\b[^.\n]{0,40}?\b(?:is |was |got |gets )?(?:lost|disappear\w*|drops? out|"
    r"dropped out|not (?:detected|found|visible)|died|dead)\b|"
    r"\bCUDA error\b|\bXid\b|\b(?:hangs|hung|freezes|froze)\b|"
    # the display dies with the load: "gives a black screen as soon as the Transformer is
    # started" (modernmt/modernmt#547, a 700 W supply for two GPUs)
    r"\bblack screen\b|\bscreens? (?:goes|went|turns?|turned) black\b|" + _ARTEFACTS_ON_A_GPU,
    re.I,
)
# The card itself is the variable: said in so many words.
_HARDWARE_SIGNS = re.compile(
    # the same job runs elsewhere
    r"\b(?:works?|runs?|ran|trains?|trained|is fine|no (?:issue|problem)s?)\b[^.\n]{0,50}?"
    r"\bon (?:an?other|a different|the other|my other|an? (?:older|second|spare)|the old)\s+"
    r"(?:gpu|card|graphics card|machine|node|server|computer|pc|instance|vm)\b|"
    r"\b(?:an?other|a different|the other|second|spare|replacement|new)\s+"
    r"(?:gpu|card|graphics card|machine|node|server)\b[^.\n]{0,40}?"
    r"\b(?:works?|worked|runs?|ran|is fine|was fine|fixed|solved)\b|"
    r"\bsame (?:code|config\w*|setup|model|data\w*|job|script)\b[^.\n]{0,60}?"
    r"\b(?:works?|worked|runs?|ran|is fine)\b[^.\n]{0,30}?\bon\b|"
    r"\b(?:on|with) (?:the )?\w+\b[^.\n]{0,30}?\bbut (?:it )?(?:hangs|crashes|fails)\b[^.\n]{0,20}?"
    r"\bon (?:the )?\w+|"
    r"\b(?:gtx|rtx|tesla|quadro)?\s*\d{3,4}\s*(?:ti)?\s+(?:will |would |does |can )?"
    r"(?:runs?|trains?|works?)\b[^.\n]{0,60}?\bbut\b[^.\n]{0,30}?\b(?:hangs?|crash\w*|fails?)\b|"
    # the GPU stays broken until the machine is restarted
    r"\b(?:until|till|unless|after) (?:i |we )?(?:a )?(?:reboot|restart|power[- ]cycle)\w*\b|"
    r"(?:must|have to|had to|need to|needs to)\s+(?:\w+\s+){0,2}(?:reboot|restart)\w*\b|"
    r"重启|"
    # the hardware is under suspicion in the text itself
    r"\b(?:power supply|psu|water ?cool\w*|aio cooler|overheat\w*|overclock\w*|undervolt\w*|"
    r"artifacts?|memtest\w*|cuda_memtest|gpu[- _]burn|faulty|defective|broken (?:gpu|card)|"
    r"bad (?:gpu|card|node|instance|machine)|hardware (?:fault|failure|problem|issue|defect)|"
    r"no ecc)\b",
    re.I,
)


_FAULT_KEYS = (
    b"nan",
    b"illegal",
    b"lost",
    b"disappear",
    b"drop",
    b"not detected",
    b"not found",
    b"not visible",
    b"cuda error",
    b"xid",
    b"hangs",
    b"hung",
    b"freezes",
    b"froze",
    b"died",
    b"dead",
    b"black",
    b"artefact",
    b"artifact",
)
_SIGN_KEYS = (
    b"another",
    b"different",
    b"other ",
    b"older",
    b"second",
    b"spare",
    b"the old",
    b"replacement",
    b"new ",
    b"same ",
    b" but ",
    b"reboot",
    b"restart",
    b"power",
    "重启".encode(),
    b"psu",
    b"cool",
    b"overheat",
    b"overclock",
    b"undervolt",
    b"artifact",
    b"memtest",
    b"gpu-burn",
    b"gpu burn",
    b"gpu_burn",
    b"faulty",
    b"defective",
    b"broken",
    b"bad ",
    b"hardware",
    b"no ecc",
)


def hardware_fault_suspected(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A GPU fault together with a sign that the card is the cause (see the module doc)."""
    if any(_is_health(e["pattern"]) for e in out):
        return  # a message already names the hardware fault (Xid 79, ECC, fallen off the bus)
    fault = next((e["line"] for e in out if e["pattern"] in _FAULT_MESSAGES), None)
    if fault is None:
        said = search_lines(low, _FAULT_KEYS, _FAULT_WORDS)
        if said is None:
            return
        fault = line_entry(text, said, "", source)["line"]
    sign = search_lines(low, _SIGN_KEYS, _HARDWARE_SIGNS)
    if sign is None:
        return
    if _ARTEFACT_WORD.search(fault) and _ARTEFACT_WORD.search(sign[1]):
        return  # the artifacts are the fault: they cannot also be the sign that it is the card
    entry = line_entry(text, sign, "hardware-fault-suspected", source)
    entry["line"] = f"{entry['line'][: MAX_LINE - 180]} [with: {fault.strip()[:160]}]"
    out.append(entry)


def _is_health(pid: str) -> bool:
    from envcheck.importers.errorlog.table import BY_ID

    p = BY_ID.get(pid)
    return p is not None and p.category == "gpu-health" and pid != "xid-other"


# The GPU waits: its utilisation is low or it is said to idle or starve.
_GPU_WAITS = re.compile(
    r"\b(?:gpu|volatile gpu)[- ]?util\w*\b[^.\n]{0,40}?(?:\blow\b|\b0\s*%|\bzero\b|\b[1-9]\s*%|"
    r"\bnear(?:ly)? (?:zero|0)\b|\bdrops?\b|\bdropping\b)|"
    r"\b(?:low|zero|0%)\s+gpu[- ]util\w*|"
    r"\bgpu\b[^.\n]{0,30}?\b(?:is |sits |sitting |was )?(?:idle|idling|starv\w+|"
    r"waiting for (?:the )?(?:data|input|cpu))\b",
    re.I,
)
# ... because reading the data is slow.
_INPUT_SLOW = re.compile(
    r"\b(?:data ?loader\w*|data ?load\w*|load(?:s|ing)? (?:the )?data|data pipeline|input pipeline|"
    r"reading (?:the )?data)\b[^.\n]{0,30}?\b(?:slow\w*|bottleneck)\b|"
    r"\bslow\w*\b[^.\n]{0,20}?\b(?:data ?load\w*|data ?loader|reading)\b|"
    r"\b(?:i/?o|io|disk)[- ]bound\b|\bbottleneck\b[^.\n]{0,40}?\b(?:data|i/?o|disk|load\w*)\b|"
    r"\b(?:lot of|much|mostly) (?:the )?cpu (?:is )?idle\b|\bcpu (?:is |stays )?(?:mostly )?idle\b",
    re.I,
)
# ... from an object store or a network filesystem (the network is the path to the data).
_NETWORK_STORE = re.compile(
    r"\b(?:gcs|google cloud storage|cloud storage|s3|s3fs|gcsfuse|blob storage|azure blob|"
    r"object stor\w+|(?:gcs|s3|storage|cloud) buckets?|nfs|network (?:share|drive|storage|"
    r"file ?system)|smb|cifs|sshfs)\b",
    re.I,
)


_WAIT_KEYS = (b"util", b"idle", b"idling", b"starv", b"waiting for")
_SLOW_KEYS = (b"slow", b"bound", b"bottleneck", b"idle")
_NETWORK_KEYS = (
    b"gcs",
    b"cloud storage",
    b"s3",
    b"blob",
    b"object stor",
    b"bucket",
    b"nfs",
    b"network ",
    b"smb",
    b"cifs",
    b"sshfs",
)


def input_bound(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The GPU waits for data the text says is read slowly: the disk (storage) or, with the
    data in an object store or on a network filesystem, the network (data-network)."""
    if low.find(b"gpu") == -1 or any(
        e["pattern"] in ("slow-storage-stated", "input-bound-network", "input-bound-disk")
        for e in out
    ):
        return
    waits = search_lines(low, _WAIT_KEYS, _GPU_WAITS)
    if waits is None:
        return
    net = search_lines(low, _NETWORK_KEYS, _NETWORK_STORE)
    if net is None and search_lines(low, _SLOW_KEYS, _INPUT_SLOW) is None:
        return
    pid = "input-bound-network" if net is not None else "input-bound-disk"
    out.append(line_entry(text, waits, pid, source))


# The progress line of PyTorch's ImageNet example (and the codebases that copied its meters:
# MoCo, timm's older scripts ...): "Time 22.424 (7.498)  Data 22.372 (7.070)", each the last
# batch and the running average in seconds. Data is the wait for the loader.
_TIME_DATA = re.compile(
    r"\bTime\s+(\d+\.\d+)\s*\(\s*(\d+\.\d+)\s*\)\s+Data\s+(\d+\.\d+)\s*\(\s*(\d+\.\d+)\s*\)"
)


def loader_time_dominates(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """Three or more progress lines whose running averages say at least half of each batch's
    time is spent waiting for data (pytorch/pytorch#680: "Time 10.452 (5.893) Data 10.404
    (5.632)", AlexNet read from an HDD): the input pipeline, not the GPU, sets the pace."""
    if low.find(b"data ") == -1 or low.find(b"time ") == -1:
        return
    if any(e["pattern"] in ("input-bound-disk", "input-bound-network") for e in out):
        return
    hits = list(_TIME_DATA.finditer(text[:2_000_000]))
    if len(hits) < 3:
        return
    last = hits[-1]
    batch, wait = float(last.group(2)), float(last.group(4))
    if batch >= 0.05 and wait >= 0.5 * batch:
        out.append(entry_at(text, last.start(), "loader-time-dominates", source))


# One GPU trains, several hang: the difference is GPU-to-GPU traffic (NCCL peer-to-peer over
# PCIe, blocked by ACS / the IOMMU, or broken on the platform).
_ONE_WORKS_MANY_HANG = re.compile(
    r"(?:\b(?:single|one|1)[- ]gpus?\b|nproc_per_node\W{0,4}1\b|\bgpus?\W{0,4}1\b)"
    r"[^\n]{0,160}?\bbut\b[^\n]{0,200}?"
    r"\b(?:hangs?|hanging|hung|stuck|stucks|freez\w*|froze|deadlock\w*|nothing happens)\b",
    re.I,
)
_HANG_KEYS = (b"hang", b"hung", b"stuck", b"freez", b"froze", b"deadlock", b"nothing happens")
_NCCL_NAMED = {
    "consumer-gpu-p2p-hang",
    "nccl-collective-stall",
    "nccl-p2p-workaround",
}


def _nccl_named(out: List[Dict[str, str]]) -> bool:
    """An NCCL message already says why the GPUs or nodes do not talk."""
    from envcheck.importers.errorlog.inferences import NCCL_SPECIFIC

    return any(e["pattern"] in NCCL_SPECIFIC or e["pattern"] in _NCCL_NAMED for e in out)


def multi_gpu_hang(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The text says one GPU trains and two or more hang, with no NCCL error to say why."""
    if _nccl_named(out):
        return
    if not any(low.find(k) != -1 for k in _HANG_KEYS):
        return
    hit = search_lines(low, _HANG_KEYS, _ONE_WORKS_MANY_HANG)
    if hit is not None:
        out.append(line_entry(text, hit, "multi-gpu-hang-one-works", source))


# NaN (or garbage) that appears only when several GPUs of one machine train together, with
# no NCCL error: corrupted peer-to-peer copies, which PCIe ACS or the IOMMU cause on some
# servers (tensorflow/tensorflow#57893: NaN after a move to a new server, fixed by disabling
# ACS in the BIOS; NVIDIA's NCCL troubleshooting guide, "PCI Access Control Services").
_ONLY_MANY_GPUS = re.compile(
    r"\bonly\s+(?:happens\s+)?(?:when|with|if|on|in)\s+(?:i\s+|we\s+)?(?:use|using|run|running|"
    r"train\w*)?\s*(?:on\s+|with\s+)?(?:multiple|several|more than one|many|two|2|all(?: the)?)"
    r"\s+(?:\w+\s+)?gpus?\b",
    re.I,
)
_NAN_WORDS = re.compile(r"\bnans?\b|\bgarbage (?:values|outputs?|results)\b", re.I)


def multi_gpu_nan(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The text says NaN (or garbage) appears only when several GPUs are used."""
    if low.find(b"only") == -1 or low.find(b"gpu") == -1 or _nccl_named(out):
        return
    if not _NAN_WORDS.search(text):
        return
    hit = search_lines(low, (b"gpu",), _ONLY_MANY_GPUS)
    if hit is not None:
        out.append(line_entry(text, hit, "multi-gpu-nan-peer-traffic", source))


# One node trains, two or more fail or hang: the difference is the network between the nodes
# (the interface NCCL picks, a firewall that opens only some ports, InfiniBand).
_ONE_NODE_WORKS = re.compile(
    r"\b(?:single|one|1)[- ](?:node|machine|host|server)\b[^\n]{0,80}?"
    r"\b(?:works?|worked|working|runs?|ran|fine|ok|okay|normally|succeed\w*|no problems?)\b|"
    r"\b(?:works?|worked|runs?|ran|fine)\b[^\n]{0,40}?\b(?:on|with|in)\s+(?:a\s+)?"
    r"(?:single|one|1)[- ](?:node|machine|host|server)\b",
    re.I,
)
_ONE_NODE_KEYS = (
    b"single",
    *(
        f"{a}{sep}{b}".encode()
        for a in ("one", "1")
        for sep in " -"
        for b in ("node", "machine", "host", "server")
    ),
)
_NODE_WORDS = (b"node", b"machine", b"host", b"server")
_MANY_NODES = re.compile(
    r"\bmulti[- ]?(?:node|machine|host)s?\b|"
    r"\b(?:two|2|multiple|several|second)[- ](?:nodes?|machines?|hosts?|servers?)\b|"
    r"\bnum_nodes\W{0,3}[2-9]\b|\bnnodes\W{0,3}[2-9]\b",
    re.I,
)
_MANY_NODES_KEYS = (
    b"multi",
    b"two ",
    b"2 ",
    b"2-",
    b"multiple ",
    b"several ",
    b"second ",
    b"num_nodes",
    b"nnodes",
)


def multi_node_fails(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The text says training on one node works and uses two or more nodes, with no NCCL error
    to say why: the network between the nodes."""
    if _nccl_named(out):
        return
    if all(low.find(w) == -1 for w in _NODE_WORDS):
        return
    works = search_lines(low, _ONE_NODE_KEYS, _ONE_NODE_WORKS)
    if works is None or search_lines(low, _MANY_NODES_KEYS, _MANY_NODES) is None:
        return
    out.append(line_entry(text, works, "multi-node-fails-one-node-works", source))


# Lightning's log line when a DDP rank starts: "initializing ddp: GLOBAL_RANK: 1, MEMBER: 2/4"
_DDP_INIT = re.compile(r"initializing (?:ddp|distributed): GLOBAL_RANK", re.I)


def slurm_ddp_tasks(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A Lightning DDP job submitted to Slurm that prints its rank start-up lines and, in a
    text that never sets a task count, goes no further: Lightning takes its ranks from Slurm's
    tasks, so without --ntasks-per-node matching the GPUs the ranks wait for each other."""
    if low.find(b"initializing ") == -1 or low.find(b"ntasks") != -1:
        return
    if all(low.find(w) == -1 for w in (b"sbatch", b"srun", b"slurm")):
        return
    hit = search_lines(low, (b"initializing ",), _DDP_INIT)
    if hit is not None:
        out.append(line_entry(text, hit, "slurm-ntasks-not-set", source))


_GPUS_PER_TASK = re.compile(r"--gpus-per-task\b|\bgpus_per_task\b", re.I)
# the ranks exchange data GPU to GPU, or a rank finds fewer GPUs than it expects
_PEER_TRAFFIC = re.compile(
    r"\bnccl\b|\bipc\b|cudaIpc|\bp2p\b|peer[- ]to[- ]peer|\bnvlink\b|peer access|"
    # (JAX's "no supported devices found for platform CUDA": jax-ml/jax#28194)
    r"no (?:supported )?devices? (?:were )?found|invalid device ordinal|cuda-capable device",
    re.I,
)


def gpus_per_task(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A Slurm job that binds one GPU per task (--gpus-per-task) in a text about GPU-to-GPU
    traffic or missing devices: each task's cgroup hides the other tasks' GPUs."""
    if low.find(b"gpus-per-task") == -1 and low.find(b"gpus_per_task") == -1:
        return
    keys = (b"gpus-per-task", b"gpus_per_task")
    _line_and_text(
        text, low, out, source, keys, _GPUS_PER_TASK, _PEER_TRAFFIC, "slurm-gpus-per-task"
    )


# The GPUs' compute mode is exclusive: set with nvidia-smi -c, or shown by nvidia-smi.
_EXCLUSIVE = re.compile(
    r"nvidia-smi\s+(?:-i\s+\d+\s+)?(?:-c|--compute-mode)[= ]\s*(?:3|1|EXCLUSIVE_PROCESS|"
    r"EXCLUSIVE_THREAD)\b|\bExclusive[_ ]Process\b|\bE\. Process\b|"
    r"\bexclusive(?:[- ]process)? (?:compute )?mode\b|\bcompute mode\b[^.\n]{0,20}?exclusive|"
    r"\bcompute[- ]exclusive\b",
    re.I,
)
# ... and a process could not get a GPU.
_NO_DEVICE_FOR_ME = re.compile(
    r"busy or unavailable|\bno (?:compatible |usable )?cuda(?:-capable)? devices? (?:is |was )?"
    r"(?:available|found|detected)|\b(?:try again to|unable to|could not|couldn't|failed to|"
    r"cannot|can't) (?:get|acquire|select|find|open|use) (?:a |the |any )?(?:free )?"
    r"(?:gpu|device|cuda device)\b|\b(?:gpu|device)s? (?:is |are )?(?:not available|unavailable|"
    r"already in use)\b|"
    # a second context refused (tests that open several), or OpenCL's word for it
    r"\b(?:can't|cannot|can not|unable to|could not|couldn't|fail(?:s|ed)? to) create (?:a |two |"
    r"another |separate |new |multiple |more )*(?:cuda |gpu )?contexts?\b|"
    r"\bInvalid Device\b|CL_INVALID_DEVICE\b",
    re.I,
)
_EXCLUSIVE_KEYS = (b"exclusive", b"-c ", b"--compute-mode", b"e. process")


def exclusive_mode(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """Exclusive_Process compute mode, stated or shown, and a process that finds no GPU for
    it: with one context per GPU, the extra processes (parallel jobs, tests that open several
    contexts) are refused. "Busy or unavailable" alone may be another process holding the GPU
    (gpu-contention); with the exclusive mode stated in the same text, the mode is the cause."""
    pid = "exclusive-mode-device-taken"
    _line_and_text(text, low, out, source, _EXCLUSIVE_KEYS, _EXCLUSIVE, _NO_DEVICE_FOR_ME, pid)
    if any(e["pattern"] == pid for e in out):
        out[:] = [e for e in out if e["pattern"] != "devices-busy-or-unavailable"]


# Messages that say a GPU itself is broken: "busy or unavailable" beside one is that GPU
_GPU_BROKEN = {"gpu-reset-required", "gpu-fallen-off-bus", "gpu-lost"}


def busy_because_broken(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """ "All CUDA-capable devices are busy or unavailable" in a text whose driver log says a GPU
    needs a reset or fell off the bus: the GPU is unavailable because it is broken, not held by
    another process (a real cluster's GPU1: NV_ERR_RESET_REQUIRED in dmesg)."""
    if any(e["pattern"] in _GPU_BROKEN for e in out):
        out[:] = [e for e in out if e["pattern"] != "devices-busy-or-unavailable"]


# The data sits on a mounted cloud drive or network store ...
_REMOTE_DATA = re.compile(
    r"\b(?:data(?:set)?s?|images|files|photos|videos|audio|samples)\b[^.\n]{0,60}?"
    r"\b(?:on|in|from|to|into)\s+(?:my |the |a |our )?(?:mounted )?(?:google drive|gdrive|"
    r"g-drive|onedrive|dropbox|nfs|s3|gcs|network (?:drive|share|storage|file ?system)|"
    r"s3fs|gcsfuse|blob storage)\b|/content/drive/|"
    # Colab's own mount call (googlecolab/colabtools#1096, heldout300 at its scoring)
    r"\bdrive\.mount\(",
    re.I,
)
# ... and the text says it is slow.
_SLOW_SAID = re.compile(
    r"\bslow\w*\b|\btak(?:es|ing|en) (?:a lot|too long|forever|ages|hours)\b|"
    r"\b\d+(?:\.\d+)?\s*(?:hrs?|hours?)\b|"
    # "extremely low read/ write speed from drive", "I/O bottlenecks when accessing data from
    # Google Drive", "taking an excessive amount of time" (heldout300 at its scoring)
    r"\b(?:low|poor|terrible|awful)\s+(?:read|write|i/?o|transfer|disk)\b[^.\n]{0,12}?\bspeeds?\b|"
    r"\bi/?o bottlenecks?\b|\bexcessive (?:amount of )?time\b",
    re.I,
)
_REMOTE_KEYS = (
    b"google drive",
    b"gdrive",
    b"g-drive",
    b"onedrive",
    b"dropbox",
    b"nfs",
    b"s3",
    b"gcs",
    b"network ",
    b"gcsfuse",
    b"blob storage",
    b"/content/drive/",
    b"drive.mount(",
)


def remote_data_slow(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """Data read straight from a mounted cloud drive or network store, in a text that says
    the job (or its data scan) is slow: the network is the path to the data."""
    taken = ("input-bound-network", "input-bound-disk", "slow-storage-stated")
    if any(e["pattern"] in taken for e in out):
        return
    hit = search_lines(low, _REMOTE_KEYS, _REMOTE_DATA)
    if hit is None or not _SLOW_SAID.search(text):
        return
    for e in out:  # "loading the dataset is slow" is then the network's doing, not the disk's
        if e["pattern"] == "data-loading-slow-stated":
            e["pattern"] = "data-on-remote-mount-slow"
            return
    out.append(line_entry(text, hit, "data-on-remote-mount-slow", source))


WSL = re.compile(
    r"(?<![A-Za-z0-9])wsl\s*2?(?![A-Za-z0-9])|/usr/lib/wsl/|windows subsystem for linux", re.I
)
# Google Kubernetes Engine: its device plugin mounts the driver's libraries at
# /usr/local/nvidia/lib64 (GoogleCloudPlatform/container-engine-accelerators, cmd/nvidia_gpu)
_GKE = re.compile(r"\bgke\b|google kubernetes engine", re.I)
_CONTAINER = re.compile(
    r"\b(?:docker|container|compose|podman|kubernetes|k8s|pod|singularity|apptainer|enroot)\b",
    re.I,
)


def libcuda_by_platform(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """Where the text says where it runs, a missing libcuda has a known cause: under WSL the
    library is in /usr/lib/wsl/lib, off the program's loader path; on GKE it is mounted at
    /usr/local/nvidia/lib64, which the image must put on its loader path; in a container whose
    nvidia-smi shows "CUDA Version: N/A" the runtime did not mount it (no compute capability)."""
    for e in out:
        if e["pattern"] == "libcuda-missing" and low.find(b"wsl") != -1 and WSL.search(text):
            e["pattern"] = "wsl-libcuda-not-on-path"
        elif e["pattern"] == "libcuda-missing" and _GKE.search(text):
            e["pattern"] = "gke-libcuda-not-on-path"
        elif e["pattern"] == "smi-cuda-version-na" and _CONTAINER.search(text):
            e["pattern"] = "container-without-compute-capability"


_PYTHON_STATED = re.compile(
    # (conda's spec too: "conda create -n env python==3.9.18", ControlVLA/ControlVLA#3; not a
    # package named after Python: "opencv-contrib-python==3.4.2.17")
    # (and matplotlib's setup report: "python: yes [3.11.9 | packaged by Anaconda", #28671)
    r"(?<![\w-])p(?:ython|yhton)\s*(?:version\s*)?(?:is\s*)?(?:==|[:=])?\s*(?:yes\s*\[)?"
    r"v?(3\.\d{1,2}(?:\.\d{1,2})?)\b|\bcp3(\d{1,2})\b|"
    r"\bpy(3\.\d{1,2})\b",
    re.I,
)


def _stated_python(m: re.Match[str]) -> Tuple[int, ...]:
    """The Python version a _PYTHON_STATED match names ("python 3.9", "cp310", "py3.11",
    "python 3.8.5")."""
    version = m.group(1) or m.group(3) or f"3.{m.group(2)}"
    return _version(version)


# pip's readings that point at the Python only where the text says which Python runs
_PYTHON_NEEDED = (
    "pip-no-matching-distribution",
    "pip-installed-an-old-release",
    "pip-building-a-binary-package-from-source",
)


def pip_found_nothing(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """pip finding no release of a package (not a framework), or installing an old one, points
    at the Python version only when the text says which Python runs; otherwise the index, the
    name or another package's pin may be the cause, and the entry is dropped, not guessed."""
    if not any(e["pattern"] in _PYTHON_NEEDED for e in out):
        return
    if low.find(b"py") != -1 and _PYTHON_STATED.search(text):
        return
    out[:] = [e for e in out if e["pattern"] not in _PYTHON_NEEDED]


def cuda_build_not_on_index(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """pip's list shows the torch release it was asked for, only not its +cuXXX build: the index
    is the cause, so pip's closing "No matching distribution found for torch==X+cuXXX" is not
    read as a Python without wheels as well."""
    # (on a Jetson the same reading was retold as jetson-cuda-wheel-not-published)
    if any(
        e["pattern"] in ("pip-cuda-build-not-on-index", "jetson-cuda-wheel-not-published")
        for e in out
    ):
        out[:] = [e for e in out if e["pattern"] != "pip-no-framework-wheel"]


# CUDA_VISIBLE_DEVICES is set, and the text says the job still uses the other GPUs.
_CVD_SET = re.compile(r"\bCUDA_VISIBLE_DEVICES\b", re.I)
_ALL_GPUS_STILL_USED = re.compile(
    r"\b(?:always|still)\s+(?:uses?|utili[sz]es?|runs? on|sees?|shows?|using|utili[sz]ing|"
    r"running on|occup\w+|loads? (?:on|onto)|takes?)\s+(?:all|every|both|the other)\b|"
    r"\bstill\b[^.\n]{0,30}?\b(?:gpu|cuda:?|device)\s*:?\s*0\b|"
    # "but the program still run in [0,1]": the GPUs it ran on before the setting
    r"\bstill\s+(?:runs?|ran|running)\s+(?:in|on)\s+\[\s*\d|"
    r"\balways\s+(?:uses?|using|runs? on|running on)\s+(?:the\s+)?(?:gpu|cuda:?|device)\s*:?\s*0\b|"
    r"\b(?:this|it|that) (?:doesn't|does not|didn't|did not|no longer) work\w*\b|"
    r"\bCUDA_VISIBLE_DEVICES\b[^\n]{0,30}\bno longer works?\b",
    re.I,
)


def visible_devices_ignored(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The reporter restricts the GPUs with CUDA_VISIBLE_DEVICES and says the job still uses
    all of them (or that it no longer works): set too late, not exported, overwritten by a
    launcher, or bypassed by a second GPU backend."""
    if low.find(b"cuda_visible_devices") == -1 or any(
        e["pattern"].startswith("visible-devices") for e in out
    ):
        return
    if not _ALL_GPUS_STILL_USED.search(text):
        return
    hit = search_lines(low, (b"cuda_visible_devices",), _CVD_SET)
    if hit is not None:
        out.append(line_entry(text, hit, "visible-devices-no-effect-stated", source))


# DataLoader workers that fail in a container and work on the host: the container's /dev/shm.
_WORKERS = re.compile(
    r"\bnum_workers\b|\bdata ?loader\b|\bcpu_shared\b|\bworkers?\b[^.\n]{0,20}?\b(?:process|"
    r"dataloader)",
    re.I,
)
_FAILS = re.compile(
    # ("this code will block here": the loader's queue waits forever, dmlc/gluon-cv#504)
    r"\b(?:hangs?|hung|stuck|freez\w*|bus error|killed|crash\w*|failed to create|fails?|"
    r"blocks?|blocked)\b",
    re.I,
)
_HOST_WORKS = re.compile(
    r"\b(?:on|outside|in) (?:the |my )?(?:physical |local )?host\b|"
    r"\boutside (?:of )?(?:the )?(?:docker|container)\b|"
    r"\bwithout (?:docker|the container)\b|\bhost machine\b|\bbare[- ]metal\b",
    re.I,
)


# nnU-Net's (batchgenerators') data-augmentation workers died: "One or more background
# workers are no longer alive"; and a text that says the training runs inside a container
_AUGMENTATION_WORKERS_DIED = re.compile(r"background workers are no longer alive", re.I)
INSIDE_A_CONTAINER = re.compile(
    r"\b(?:inside|within|in)\s+(?:an?\s+|the\s+|my\s+|our\s+)?(?:docker|podman)"
    r"(?:\s+container)?\b|\binside\s+(?:an?\s+|the\s+|my\s+)?container\b",
    re.I,
)


def container_dataloader_shm(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """Worker processes that hang or die inside a container while the same code runs on the
    host: Docker gives a container 64 MB of /dev/shm, which the workers' shared tensors fill.
    nnU-Net's augmentation workers dying in a training said to run inside a container, with no
    larger /dev/shm given, is the same (MIC-DKFZ/nnUNet#1898: --ipc=host fixed it)."""
    if any("shm" in e["pattern"] for e in out):
        return
    if low.find(b"docker") == -1 and low.find(b"container") == -1:
        return
    if low.find(b"background workers") != -1 and not out:
        died = search_lines(low, (b"background workers",), _AUGMENTATION_WORKERS_DIED)
        if died is not None and INSIDE_A_CONTAINER.search(text) and not SHM_GIVEN.search(text):
            out.append(line_entry(text, died, "container-workers-shm", source))
            return
    if not (_CONTAINER.search(text) and _HOST_WORKS.search(text) and _FAILS.search(text)):
        return
    hit = search_lines(
        low, (b"num_workers", b"dataloader", b"data loader", b"cpu_shared", b"worker"), _WORKERS
    )
    if hit is not None:
        out.append(line_entry(text, hit, "container-workers-shm", source))


# keras and TensorFlow versions as people state them: `keras==2.11.0`, "keras (2.11.0 for
# now)", a wheel name `Keras-2.4.3-py2.py3-none-any.whl`, `tensorflow-gpu==2.6.0`
_KERAS_VER = re.compile(r"\bkeras\b[^\d\n]{0,12}?\b(2\.\d{1,2})\.\d+", re.I)
_KERAS_NAMED = ("keras-needs-newer-tensorflow", "framework-version-skew")
_TF_VER = re.compile(r"\btensorflow(?:-gpu)?\b[^\d\n]{0,6}?\b(2\.\d{1,2})\.\d+", re.I)


def keras_pair(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """TensorFlow 2.6-2.15 with a keras 2.x of another minor release: from 2.6 on tf.keras is
    the keras package released with the same major.minor (TensorFlow 2.6.0 and 2.6.2 release
    notes); a newer keras pulled in by an unpinned install breaks the import."""
    if low.find(b"keras") == -1 or low.find(b"tensorflow") == -1:
        return
    if any(e["pattern"] in _KERAS_NAMED for e in out):
        return  # a message already names the pairing
    tf = _TF_VER.search(text)
    ks = search_lines(low, (b"keras",), _KERAS_VER)
    if tf is None or ks is None:
        return
    tf_minor = int(tf.group(1).split(".")[1])
    k = _KERAS_VER.search(ks[1])
    if k is None or not 6 <= tf_minor <= 15:
        return
    if int(k.group(1).split(".")[1]) != tf_minor and not _both_listed(text, ks[1], tf):
        out.append(line_entry(text, ks, "keras-tensorflow-minor-differs", source))


def _both_listed(text: str, keras_line: str, tf: re.Match[str]) -> bool:
    """Both versions read as facts by the extractor (a pip list, `keras==2.9.0`, "keras
    2.9.0"): then check EC233 judges the pair from floors.json "pins" and this inference would
    only repeat it; a sentence it does not read ("the latest keras (2.11.0 for now)") is left
    to this one."""
    from envcheck.importers.extract import text_facts

    start = text.rfind("\n", 0, tf.start()) + 1
    end = text.find("\n", tf.end())
    tf_line = text[start : end if end != -1 else len(text)]
    read = {(f.key, f.name) for f in text_facts(f"{keras_line}\n{tf_line}", "-")}
    return ("package", "keras") in read and any(k == "tensorflow.version" for k, _ in read)


def bundled_ptxas(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """ptxas refusing the GPU's architecture ("Value 'sm_120' is not defined for option
    'gpu-name'") in a text about Triton: the ptxas is Triton's own, bundled with the framework
    build, so the build is older than the GPU (not the system toolkit)."""
    if low.find(b"triton") == -1:
        return
    for e in out:
        if e["pattern"] == "nvcc-arch-not-defined" and "gpu-name" in e.get("line", ""):
            e["pattern"] = "bundled-ptxas-unknown-gpu"


# The newest PTX ISA each CUDA toolkit release writes and accepts: 7.x for CUDA 11.x, 8.0-8.5
# for CUDA 12.0-12.5, 8.5 for 12.6, 8.6 for 12.7, 8.7 for 12.8, 8.8 for 12.9, 9.0 for 13.0
# (the PTX ISA's release history, docs.nvidia.com/cuda/parallel-thread-execution/#release-notes,
# as NVIDIA's cuda-python cuda/bindings/utils/_ptx_utils.py copies it, and openxla/xla#16504 for
# 12.6; read 2026-12-06)
_PTX_ISA_OF_CUDA = {
    **{f"11.{m}": f"7.{m}" for m in range(9)},
    **{f"12.{m}": f"8.{m}" for m in range(6)},
    "12.6": "8.5",
    "12.7": "8.6",
    "12.8": "8.7",
    "12.9": "8.8",
    "13.0": "9.0",
}
_PTX_CURRENT = re.compile(r"Unsupported \.version \d+\.\d+; current version is '(\d+\.\d+)'")


def ptxas_of_the_stated_toolkit(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """ "fatal : Unsupported .version 8.4; current version is '8.3'" without the driver JIT's
    "ptxas application ptx input", in a text whose nvcc is the toolkit release that writes PTX
    8.3 (CUDA 12.3): the refusing ptxas is that toolkit's, older than the PTX a framework made
    (XLA, Triton), not the driver (google-deepmind/alphafold3#68)."""
    if low.find(b"compilation tools") == -1:
        return
    from envcheck.importers.extract.prose import NVCC_RELEASE  # nvcc -V's own line

    kits = {_PTX_ISA_OF_CUDA.get(m.group(1)) for m in NVCC_RELEASE.finditer(text)}
    for e in out:
        line = e.get("line", "")
        if e["pattern"] != "ptx-unsupported-toolchain" or "ptx input" in line.lower():
            continue
        m = _PTX_CURRENT.search(line)
        if m and m.group(1) in kits:
            e["pattern"] = "ptxas-older-than-ptx"


# cgroup v2 named (a kernel option, the hierarchy, a distribution that switched) in a text
# whose GPU container fails to start: libnvidia-container before 1.8.0 cannot find the devices
# cgroup there (NVIDIA/nvidia-docker#1447).
_CGROUP_V2 = re.compile(
    r"\bcgroups?\s*(?:v2|version 2)\b|\bcgroupv2\b|unified_cgroup_hierarchy", re.I
)
_CONTAINER_FAILED = re.compile(
    r"OCI runtime (?:create )?failed|error running hook|prestart hook|nvidia-container-cli",
    re.I,
)


def cgroup_v2_container(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A GPU container that fails to start on a host the text says runs cgroup v2."""
    if low.find(b"cgroup") == -1 or any("cgroup" in e["pattern"] for e in out):
        return
    if not _CONTAINER_FAILED.search(text):
        return
    hit = search_lines(low, (b"cgroup",), _CGROUP_V2)
    if hit is not None:
        out.append(line_entry(text, hit, "container-cgroup-v2-stated", source))


def message_words(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The scan's last resort (words.py): for a text in which nothing was found, one
    hypothesis from the words of its error lines, on the first line that names it."""
    if out:
        return
    found = words.hypothesis(low)
    if found is None:
        return
    category, start, line = found
    lineno = low.count(b"\n", 0, start) + 1
    out.append(line_entry(text, (lineno, line), words.pattern_id(category), source))


# Entries that already name what holds the memory (the "used to fit" picture adds nothing).
_HELD_ALREADY = {
    "gpu-memory-held-stated",
    "gpu-used-by-others-stated",
    "oom-persists-stated",
    "oom-at-context-creation",
    "alloc-fails-tiny-free",
}
# The reporter says the job is unchanged and used to fit: the same settings ran before.
_USED_TO_FIT = re.compile(
    r"\b(?:same|identical|unchanged)\s+(?:configs?|configurations?|settings?|parameters?|params|"
    r"hyper-?parameters|code|scripts?|setup|environment|batch[ _-]?size)\b[^.\n]{0,80}?"
    r"\b(?:worked|ran|trained|was fine|were fine|used to|had no|never|did not|didn't)\b|"
    r"\b(?:worked|ran|trained|was running)\s+(?:fine|well|ok(?:ay)?|without (?:any )?"
    r"(?:problems?|errors?|issues?))?\s*(?:before|yesterday|last week|previously|until)\b|"
    r"(?:同样|相同|一样)的?(?:配置|参数|代码|环境)[^。\n]{0,40}?(?:未|没有?|正常|成功)|"
    r"(?:동일한|같은)\s*(?:파라미터|설정|코드)|전에\s*학습이\s*돌아갔",
    re.I,
)
_USED_TO_FIT_KEYS = (
    b"same",
    b"identical",
    b"unchanged",
    b"worked",
    b"ran ",
    b"trained",
    b"was running",
    "同样".encode(),
    "相同".encode(),
    "一样".encode(),
    "동일한".encode(),
    "같은".encode(),
    "전에".encode(),
)


def oom_used_to_fit(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """An out-of-memory error in a job the text says ran with the same settings before: the
    job did not grow, so the memory it finds is smaller (another process, another job on a
    shared node). Only beside an OOM: "the same code worked before" alone is any regression."""
    if not any(e["pattern"] == "cuda-out-of-memory" for e in out) or any(
        e["pattern"] in _HELD_ALREADY for e in out
    ):
        return
    hit = search_lines(low, _USED_TO_FIT_KEYS, _USED_TO_FIT)
    if hit is not None:
        out.append(line_entry(text, hit, "oom-used-to-fit-stated", source))


# "With python ver. 3.10.12 it works fine. With version 3.12.3 I'm getting: ...",
# "works on Python 3.11 but fails on 3.13"
_PY_WORKS_THEN_FAILS = re.compile(
    r"\bpython\s*(?:ver(?:sion)?\.?\s*)?(3\.\d{1,2})(?:\.\d+)?\b[^\n]{0,40}?"
    r"\b(?:works?|worked|working|is fine|runs? fine|no problems?)\b[^\n]{0,80}?"
    r"\b(?:python|version|ver\.?|on|with)\s*(3\.\d{1,2})(?:\.\d+)?\b[^\n]{0,60}?"
    r"\b(?:errors?|fails?|failed|failing|getting|get|broken|crash\w*|doesn'?t work|does not work|"
    r"not work\w*)\b",
    re.I,
)


# ... said the other way round ("pip install open3d does not resolve when using a python 3.11
# environment. running it from a 3.8 environment works just fine")
_PY_FAILS_THEN_WORKS = re.compile(
    r"\b(?:errors?|fails?|failed|failing|broken|crash\w*|(?:doesn'?t|does not|won'?t|will not|"
    r"cannot|can'?t) (?:work|resolve|install|build|be installed)|not work\w*)\b[^\n]{0,80}?"
    r"\bpython\s*(?:ver(?:sion)?\.?\s*)?(3\.\d{1,2})(?:\.\d+)?\b[^\n]{0,80}?"
    r"(?<![\d.])(3\.\d{1,2})(?:\.\d+)?\b[^\n]{0,40}?"
    r"\b(?:works?|worked|working|is fine|runs? fine|just fine|no problems?)\b",
    re.I,
)
# ... or names where it works after the verb ("fails on Python 3.12 during installation of its
# NumPy dependency. I confirm that Modulus install does work correctly on Python 3.11":
# NVIDIA/physicsnemo#723)
_PY_FAILS_THEN_WORKS_ON = re.compile(
    r"\b(?:fails?|failed|failing|(?:doesn'?t|does not|won'?t|cannot|can'?t) (?:work|install|build))"
    r"\b[^\n]{0,30}?\b(?:on|with|in|under|for) python\s*(3\.\d{1,2})(?:\.\d+)?\b[^\n]{0,160}?"
    r"\b(?:does work|works?|worked|working|installs? fine|is fine)\b[^\n]{0,30}?"
    r"\b(?:on|with|in|under|for) python\s*(3\.\d{1,2})(?:\.\d+)?\b",
    re.I,
)
# ... or says where it installs and where it fails ("Successfully installed with Python 3.11.7,
# failed with 3.12.2")
_PY_INSTALLS_THEN_FAILS = re.compile(
    r"\b(?:successfully installed|installs? fine|installed fine|works?|worked|working)\b"
    r"[^\n]{0,20}?"
    r"\b(?:with|on|under|using)\s+python\s*(3\.\d{1,2})(?:\.\d+)?\b[^\n]{0,30}?"
    r"\b(?:fails?|failed|failing|errors?|broken|doesn'?t work|does not work)\b[^\n]{0,20}?"
    r"\b(?:with|on|under|using)\s+(?:python\s*)?(3\.\d{1,2})(?:\.\d+)?\b",
    re.I,
)
# ... or names the failing Python before its failure ("Installation with pip worked flawlessly
# using python 3.8.9. With python 3.9.4 h5py seems to have some kind of problem during the
# installation", stardist/stardist#139)
_PY_WORKS_THEN_WITH_FAILS = re.compile(
    r"\b(?:successfully installed|installs? fine|installed fine|works?|worked|working)\b"
    r"[^\n]{0,30}?\b(?:with|on|under|using)\s+python\s*(3\.\d{1,2})(?:\.\d+)?\b[^\n]{0,40}?"
    r"\b(?:with|on|under|using)\s+(?:python\s*)?(3\.\d{1,2})(?:\.\d+)?\b[^\n]{0,60}?"
    r"\b(?:problems?|errors?|fails?|failed|failing|broken|doesn'?t work|does not work)\b",
    re.I,
)
# ... or says the Python is too new ("3.10 should be used since 3.11 is too new for requested
# pytorch version"); only in a text about Python (a CUDA 3.x is no longer met)
_PY_TOO_NEW = re.compile(
    r"(?<![\d.])(?:python\s*)?3\.\d{1,2}(?:\.\d+)?\s+(?:is|was|seems|may be|might be)\s+"
    r"(?:still\s+|just\s+)?too\s+new\b",
    re.I,
)
# ... or names a package's Python minimum ("SAM-2 requires a Python version higher than 3.10",
# "requires Python >= 3.10", "Python 3.10 or higher is required") ...
_PY_MINIMUM = re.compile(
    r"\brequires?\s+(?:a\s+)?python(?:\s+version)?\s*(?:>=?\s*|(?:higher|greater|newer) than\s+|"
    r"(?:of\s+)?at least\s+|above\s+)v?(3\.\d{1,2}(?:\.\d{1,2})?)\b|"
    r"\bpython\s*v?(3\.\d{1,2}(?:\.\d{1,2})?)\+?\s+(?:or|and)\s+(?:higher|newer|above|later)\s+(?:is\s+)?"
    r"required\b",
    re.I,
)


# ... or its Python maximum ("`madmom` dependency requires python<=3.9", "limited to Python <
# 3.10", CPJKU/beat_this#9) ...
_PY_MAXIMUM = re.compile(
    r"\b(?:requires?|limited to|restricted to|needs?)\s+(?:a\s+)?python(?:\s+version)?\s*"
    r"(<=?)\s*v?(3\.\d{1,2}(?:\.\d{1,2})?)\b",
    re.I,
)


def _python_past_bound(
    text: str, bound: Pattern[str], past: Callable[[Match[str], Tuple[int, ...]], bool]
) -> Optional[int]:
    """Where a stated Python bound (``bound``) is when the text also names a Python past it
    (``past(match, named)``), the bound's own version aside."""
    m = bound.search(text)
    if m is None:
        return None
    judged = set()  # each spelling once: a megabyte naming "python 3.8" costs one judgment
    for n in _PYTHON_STATED.finditer(text):
        if m.start() <= n.start() < m.end() or n.groups() in judged:
            continue
        judged.add(n.groups())
        if past(m, _stated_python(n)):
            return m.start()
    return None


def _version(v: str) -> Tuple[int, ...]:
    """(3, 8) for "3.8"; (3, 8, 5) for "3.8.5"; "3.9.0" is (3, 9), as PEP 440 compares them
    (so "<=3.8" excludes Python 3.8.5 and admits 3.8.0, as pip reads it)."""
    parts = [int(x) for x in v.split(".")]
    while len(parts) > 2 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _python_above_maximum(text: str) -> Optional[int]:
    """A stated Python maximum and a Python above it ("<=3.9" and 3.11; "<3.10" and 3.10)."""
    return _python_past_bound(
        text,
        _PY_MAXIMUM,
        lambda m, named: (
            named > _version(m.group(2)) or (m.group(1) == "<" and named == _version(m.group(2)))
        ),
    )


def _python_below_minimum(text: str) -> Optional[int]:
    """A stated Python minimum and a Python below it (the minimum's own version is not the
    Python that runs: "the system defaulted to Python 3.9")."""
    return _python_past_bound(
        text, _PY_MINIMUM, lambda m, named: named < _version(m.group(1) or m.group(2))
    )


def python_newer_fails(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The text says the job works on one Python and fails on a newer one (in either order),
    or that its Python is too new: the newer Python is not supported yet (a package without
    wheels or with syntax the new release removed)."""
    if found_category(out, ("python-unsupported",)):
        return
    # a text about Python, pip or conda: a "3.x" there is Python's
    if low.find(b"python") == -1 and low.find(b"conda") == -1 and low.find(b"pip") == -1:
        return
    for rx, newer_first in (
        (_PY_WORKS_THEN_FAILS, False),
        (_PY_FAILS_THEN_WORKS, True),
        (_PY_FAILS_THEN_WORKS_ON, True),
        (_PY_INSTALLS_THEN_FAILS, False),
        (_PY_WORKS_THEN_WITH_FAILS, False),
    ):
        hit = search_lines(low, (b"python",), rx)
        m = rx.search(hit[1]) if hit is not None else None
        if m is None:
            continue
        a, b = (tuple(int(x) for x in v.split(".")) for v in (m.group(1), m.group(2)))
        works, fails = (b, a) if newer_first else (a, b)
        if fails > works:
            out.append(line_entry(text, hit, "python-newer-fails-stated", source))  # type: ignore[arg-type]
            return
    hit = search_lines(low, (b"too new",), _PY_TOO_NEW)
    if hit is not None:
        out.append(line_entry(text, hit, "python-newer-fails-stated", source))
        return
    # (SAM-2 needing Python 3.10 in a venv made with the system's 3.9: damianomarsili/VADAR#1)
    below = _python_below_minimum(text) if low.find(b"require") != -1 else None
    if below is not None:
        out.append(entry_at(text, below, "python-below-stated-minimum", source))
        return
    above = (
        _python_above_maximum(text)
        if low.find(b"python<") != -1 or low.find(b"python <") != -1
        else None
    )
    if above is not None:
        out.append(entry_at(text, above, "python-above-stated-maximum", source))


# The text says the NVIDIA Container Toolkit (or nvidia-docker2) was installed.
_TOOLKIT_INSTALLED = re.compile(
    r"\b(?:apt(?:-get)?|yum|dnf|zypper)\s+install\s+(?:-y\s+)?[^\n]{0,40}?"
    r"\bnvidia-(?:container-toolkit|docker2)\b|"
    r"\binstall(?:ed|ing)?\b[^.\n]{0,60}?\b(?:nvidia[- ]container[- ]toolkit|nvidia[- ]docker2?|"
    r"container-toolkit)\b|"
    r"\bnvidia-container-toolkit\b[^.\n]{0,30}?\b(?:is|was|are) (?:already )?installed\b",
    re.I,
)


def toolkit_installed(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """Docker's "could not select device driver ... [[gpu]]" in a text that says the NVIDIA
    Container Toolkit was installed: the toolkit is there and Docker was not configured to use
    its runtime (or Docker is a snap). Without that statement the toolkit may be missing, and
    the message keeps its own entry (driver-not-loaded, as seen from the container)."""
    if not any(e["pattern"] == "container-no-gpu-driver" for e in out):
        return
    hit = search_lines(low, (b"install",), _TOOLKIT_INSTALLED)
    if hit is None:
        return
    out[:] = [e for e in out if e["pattern"] != "container-no-gpu-driver"]
    out.append(line_entry(text, hit, "container-toolkit-not-configured", source))


# A process the kernel killed with no message of its own: the shell's "Killed", or the
# reporter's words for it ("it just says killed after the model loads")
_KILLED = re.compile(
    r"^[^\S\n]*Killed\s*$|\b(?:says|said|shows|showed|prints|printed|gets|got|just)\s+[\"'`]?killed\b",
    re.I | re.M,
)


def _killed_without_a_message(
    text: str,
    low: bytes,
    out: List[Dict[str, str]],
    source: str,
    context: Tuple[bytes, Pattern[str]],
    pid: str,
) -> None:
    """A process killed with no message of its own in a text about a memory-capped VM or
    container (``context``: a literal the text must hold, and the regex that says it is about
    one): the OOM killer at that cap. Only where no os-setting reading was found."""
    word, about = context
    if low.find(b"killed") == -1 or low.find(word) == -1 or found_category(out, ("os-setting",)):
        return
    if not about.search(text):
        return
    hit = search_lines(low, (b"killed",), _KILLED)
    if hit is not None:
        out.append(line_entry(text, hit, pid, source))


def wsl_process_killed(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """Under WSL2: the Linux OOM killer inside the WSL VM, whose memory and swap are capped by
    %UserProfile%\\.wslconfig (not by Windows' own settings)."""
    _killed_without_a_message(text, low, out, source, (b"wsl", WSL), "wsl-process-killed")


# a .wslconfig's memory line as pasted ("[wsl2]" on the line above, "memory=20GB")
_WSLCONFIG_MEMORY = re.compile(r"^[^\S\n]*memory[^\S\n]*=[^\S\n]*\d+[^\S\n]*[GM]B?\b", re.I | re.M)
# ... or the cap said in words in a text about WSL ("htop shows it's seemingly capped at 7gb",
# "I have only 16GB memory")
_MEMORY_CAPPED = re.compile(
    r"\b(?:capped|limited)\s+(?:at|to)\s+(?:about\s+|around\s+|~)?\d+(?:\.\d+)?\s*(?:gb|gib|g)\b|"
    r"\bonly\s+(?:have\s+|has\s+|see\s+|sees\s+|shows?\s+)?\d+(?:\.\d+)?\s*(?:gb|gib)\s+(?:of\s+)?"
    r"(?:memory|ram)\b|\bhave\s+only\s+\d+(?:\.\d+)?\s*(?:gb|gib)\s+(?:of\s+)?(?:memory|ram)\b",
    re.I,
)


def wsl_memory_cap(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A pasted .wslconfig with its memory cap ("[wsl2]" then "memory=20GB" on its own line),
    or the cap said in words in a text about WSL: the WSL2 VM gets that much memory, or half
    the host's when the file is not read. One-line forms are the pattern's own (table_host)."""
    if any(e["pattern"] == "wsl-memory-cap-stated" for e in out):
        return
    hit = None
    if low.find(b"[wsl2]") != -1:
        hit = search_lines(low, (b"memory",), _WSLCONFIG_MEMORY)
    if hit is None and low.find(b"wsl") != -1 and WSL.search(text):
        hit = search_lines(low, (b"capped", b"limited", b"only"), _MEMORY_CAPPED)
    if hit is not None:
        out.append(line_entry(text, hit, "wsl-memory-cap-stated", source))


# a text about a Docker container or Docker Desktop's VM
_DOCKER = re.compile(
    r"\bdocker\s+(?:container|run|desktop|for\s+mac|for\s+windows|toolbox|compose)\b|"
    r"\bin\s+(?:a|the)\s+docker\b",
    re.I,
)


def container_process_killed(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """In a Docker container: the OOM killer at the container's memory limit, or at Docker
    Desktop's VM memory (2 GB by default on older macOS installs)."""
    _killed_without_a_message(
        text, low, out, source, (b"docker", _DOCKER), "container-process-killed"
    )


# A kernel update that broke the NVIDIA driver, or the older kernel that still works
_KERNEL_CHANGED = re.compile(
    r"\b(?:after|since|with)\s+(?:the\s+|a\s+|my\s+)?(?:recent\s+|latest\s+|last\s+|new(?:est)?"
    r"\s+)?(?:[\w.-]+\s+)?kernel\s+(?:update|upgrade)\b|"
    r"\bkernel\s+(?:update|upgrade)d?\s+to\b|\bupdat(?:e|ed|ing)\s+(?:the\s+|my\s+)?kernel\b|"
    r"\b(?:after|since)\s+(?:getting|installing|updating to|upgrading to)\s+(?:the\s+)?"
    r"(?:kernel\s+)?\d+\.\d+[\w.-]*(?:\s+kernel)?\b|"
    r"\b(?:old(?:er)?|previous|prior)\s+kernel\b[^.\n]{0,40}\b(?:works?|fine|boots?)\b|"
    r"\b(?:boot(?:ing)?|works?|fine)\b[^.\n]{0,40}\b(?:old(?:er)?|previous|prior)\s+kernel\b|"
    r"\binstead of the\s+[\d.][\w.-]*\s+kernel\b|"
    # "the new 3.18.12 kernel the same problem. Only 3.18.11 works."
    # (OpenMandrivaAssociation/distribution#1102)
    r"\bnew\s+(?:linux\s+)?[\d.][\w.-]*\s+kernel\b[^.\n]{0,40}?\b(?:same problem|problem|"
    r"breaks?|broke|fails?|failed|does ?n[o']t work)\b|"
    r"\bonly\s+(?:(?:the\s+)?kernel\s+)?\d+\.\d+[\w.-]*\s+(?:kernel\s+)?works\b",
    re.I,
)
_NVIDIA_WORD = re.compile(r"\bnvidia\b", re.I)


def kernel_update_lost_driver(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """The text says the NVIDIA driver broke with a kernel update, or that the older kernel
    still works: the module was not built (or cannot build) for the new kernel. A warning,
    and only when nothing else already explains the driver's absence."""
    if low.find(b"kernel") == -1 or low.find(b"nvidia") == -1:
        return
    if found_category(out, ("driver-not-loaded",)):
        return  # a DKMS failure, nouveau, a missing module: already said
    hit = _KERNEL_CHANGED.search(text)
    if hit is None or not _NVIDIA_WORD.search(text):
        return
    out.append(entry_at(text, hit.start(), "kernel-update-lost-driver", source))


# The first line of torch's warnings about a GPU outside its build's range (PyTorch 1.x "Found
# GPU0 Quadro K4000 which is of cuda capability 3.0.\n PyTorch no longer supports this GPU
# because it is too old.", 2.x "... Minimum and Maximum cuda capability supported by this
# version of PyTorch is (8.0) - (12.0)"): torch prints the line only in those warnings
# (since torch 2.13: "which is of compute capability (CC) 6.1.")
_FOUND_GPU_CC = re.compile(
    r"Found GPU\d* \S.{0,60}? which is of (?:cuda|compute) capability (?:\(CC\) )?\d+\.\d+", re.I
)
_TORCH_RANGE_ROWS = ("gpu-too-old-for-pytorch", "gpu-outside-pytorch-cc-range")


def torch_cc_warning_cut(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """torch's warning about the GPU's compute capability, pasted without the line that says
    why (too old, or outside the build's range): the GPU is outside what the PyTorch build
    supports, a warning since the reason is cut. Where the reason's line is there, its own
    row says it (and a same-major newer minor is information: inferences.pytorch_cc_range)."""
    if low.find(b"which is of cuda capability") == -1 and low.find(b"capability (cc)") == -1:
        return
    if any(
        e["pattern"] in _TORCH_RANGE_ROWS or e["pattern"].startswith("gpu-minor-newer") for e in out
    ):
        return
    if re.search(
        r"no longer supports this GPU|Minimum and Maximum cuda capability|"
        r"does not include kernels for this GPU",
        text,
        re.I,
    ):
        return
    hit = search_lines(low, (b"which is of cuda capability", b"capability (cc)"), _FOUND_GPU_CC)
    if hit is not None:
        out.append(line_entry(text, hit, "torch-cc-warning-cut", source))


# A program built with Nix (nix-shell, nixpkgs, /nix/store): its loader searches the Nix store,
# not the host's /usr/lib, so it finds no libcuda unless the driver's directory is on its path
# (/run/opengl-driver/lib on NixOS; nixGL or LD_LIBRARY_PATH elsewhere)
_NIX = re.compile(
    r"\bnix-shell\b|\bnixpkgs\b|\bnixos\b|/nix/store/|\bnix (?:develop|run|build)\b", re.I
)
_NO_DRIVER_WORDS = re.compile(
    r"\blibcuda\b|\bcannot move tensor to \W?cuda|\bcuda (?:is )?not available\b|"
    r"\bno cuda-capable device\b|\bcuInit\b|\bfound no nvidia driver\b",
    re.I,
)


def nix_without_host_driver(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A Nix-built program that reaches no driver (CUDA unavailable, "driver version is
    insufficient", libcuda not found): the Nix loader does not search the host's driver
    libraries (cudart then says "driver version is insufficient"). A warning, and only where
    nothing already says why the driver is absent (nouveau, a driver without this GPU)."""
    if low.find(b"nix") == -1 or found_category(out, ("driver-not-loaded",)):
        return
    if not found_category(out, ("driver-too-old",)) and not _NO_DRIVER_WORDS.search(text):
        return
    hit = search_lines(low, (b"nix",), _NIX)
    if hit is not None:
        out.append(line_entry(text, hit, "nix-host-driver-not-found", source))
