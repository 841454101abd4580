"""Run-time symptoms read from the whole text, of particular programs and GPUs: llama.cpp
built without CUDA (GPU layers asked for, CPU buffers loaded), Vina-GPU's segmentation fault
(a stack limit too small), a number format said to be missing on a GPU without it (bf16 and
TF32 before Ampere, FP8 before Ada), and GPU numbers said to be reversed against nvidia-smi's;
and three read from a word and what stands just before it (a Vulkan ray-tracing extension said
missing, the NVIDIA device nodes refused for permissions, a GPU gone after a Windows update),
so that a text repeating the first word costs a look-back each, not a search to the line's end.

Each is an inference (its table row never matches by itself: keys.py's never-key), run by
scan() after the table with the other symptoms, and each adds at most one entry.
"""

from __future__ import annotations

import re
from typing import Callable, Dict, List, Optional, Pattern

from envcheck.importers.errorlog.inferences import entry_at, found_category
from envcheck.importers.errorlog.symptoms import line_entry, search_lines

# llama.cpp asked for GPU layers ("gpu_layers=40", "-ngl 99"); n_gpu_layers counts named
# alone, with any value ("I tried changing n_gpu_layers to -1,0, or other values",
# ggml-org/llama.cpp#6898) ...
_GPU_LAYERS_ASKED = re.compile(
    r"\bn_gpu_layers\b|"
    r"\b(?:n-gpu-layers|gpu_layers|gpu-layers)\b\W{0,3}(?:=|:|\s)\s*(?:-1|[1-9]\d*)\b|"
    r"(?:^|\s)-ngl\s+(?:-1|[1-9]\d*)\b",
    re.I,
)
# ... but the load log shows only CPU buffers, or the text says the layers do nothing
_CPU_BUFFERS_ONLY = re.compile(
    r"\bllm_load_tensors:\s+CPU buffer size\b|"
    # (told over a few lines: "I tried changing n_gpu_layers to -1,0 ... And main_gpu also
    # tried 0,1,2 ... also has no effect", ggml-org/llama.cpp#6898)
    r"\b(?:n_gpu_layers|gpu layers)\b[^.]{0,120}?\b(?:no effect|has no effect|ignored|"
    r"does nothing|doesn't do anything|does not do anything)\b",
    re.I,
)
# ... and nothing in the text shows llama.cpp's CUDA back end at work
_LLAMA_CUDA_SEEN = re.compile(
    r"ggml_cuda_init|\bCUDA\d*(?:_Host)? (?:model |KV )?buffer size\b|offload(?:ed|ing) [1-9]\d*"
    r"(?:/\d+)? (?:repeating )?layers to GPU|using CUDA for GPU acceleration|BLAS = 1\b|"
    r"ggml_cuda|\bcuBLAS\b.{0,20}\bon\b",
    re.I,
)


def llama_cpp_cpu_only(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """llama.cpp (or llama-cpp-python) asked for GPU layers, its load log holding only CPU
    buffers or the text saying the layers have no effect, and no sign of its CUDA back end:
    a build without CUDA (llama-cpp-python's default pip install)."""
    if low.find(b"gpu") == -1 or (low.find(b"llama") == -1 and low.find(b"llm_load") == -1):
        return
    if found_category(out, ("cpu-only-build",)):
        return
    if _GPU_LAYERS_ASKED.search(text) is None:
        return
    hit = _CPU_BUFFERS_ONLY.search(text)
    if hit is None or _LLAMA_CUDA_SEEN.search(text):
        return
    out.append(entry_at(text, hit.start(), "llama-cpp-cpu-buffers-only", source))


# GPUs before Ampere (no bf16 or TF32 tensor cores) and before Ada (no FP8), named as people do
_BEFORE_AMPERE = (
    r"(?:Tesla\s+)?(?:T4|V100|P100|P40|P4|K80|K40|M60|M40)|(?:GTX|RTX)\s*(?:9[5-8]0|10[5-8]0|"
    r"16[56]0|20[6-8]0)(?:\s*(?:Ti|SUPER))?|Quadro RTX\s*\d{4}|TITAN (?:RTX|V|Xp?)"
)
_BEFORE_ADA = _BEFORE_AMPERE + r"|A100|A10G?|A30|A40|RTX A\d{4}|RTX\s*30[5-9]0(?:\s*Ti)?"
_GPU_BEFORE = {
    "ampere": re.compile(r"(?<![\w-])(?:" + _BEFORE_AMPERE + r")(?![\w-])", re.I),
    "ada": re.compile(r"(?<![\w-])(?:" + _BEFORE_ADA + r")(?![\w-])", re.I),
}
# a number format said to be unavailable: "T4 GPUs don't support FP8", "tf32 won't be
# available for older GPUs", "bf16 is not supported on this GPU"
_FORMAT_REFUSED = re.compile(
    r"\b(bf16|bfloat16|tf32|fp8)\b[^.\n]{0,60}?\b(?:(?:is|are)\s+not\s+supported|"
    r"(?:is|are)n't\s+supported|unsupported|(?:won't|will not|isn't|is not)\s+(?:be\s+)?"
    r"available|not available)\b|"
    r"\b(?:do(?:es)?\s*n[o']?t|don't|doesn't|cannot|can't)\s+support\s+(bf16|bfloat16|tf32|fp8)\b",
    re.I,
)


def format_beyond_the_gpu(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The text says bf16 / TF32 (Ampere and newer) or FP8 (Ada and newer) is not supported or
    not available, and names a GPU older than that: the GPU lacks the format
    (georgian-io/LLM-Finetuning-Toolkit#134: a T4 and bf16/tf32; unslothai/unsloth#3669: a T4
    and FP8)."""
    if not any(low.find(k) != -1 for k in (b"bf16", b"bfloat16", b"tf32", b"fp8")):
        return
    if found_category(out, ("gpu-arch-unsupported",)):
        return
    named: Dict[str, bool] = {}  # each GPU list searched once: a log may repeat the sentence
    for m in _FORMAT_REFUSED.finditer(text):
        fmt = (m.group(1) or m.group(2)).lower()
        kind = "ada" if fmt == "fp8" else "ampere"
        if kind not in named:
            named[kind] = _GPU_BEFORE[kind].search(text) is not None
        if named[kind]:
            out.append(entry_at(text, m.start(), "number-format-beyond-the-gpu", source))
            return
        if len(named) == 2:
            return  # neither list names a GPU in the text: no later sentence can change that


_SEGFAULT = re.compile(r"\bseg(?:mentation)?[ -]?fault|段错误", re.I)


def vina_gpu_segfault(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """Vina-GPU (AutoDock Vina's GPU port) killed by a segmentation fault: its maintainers'
    answer is a stack limit too small (DeltaGroupNJUPT/Vina-GPU#11, #31)."""
    if low.find(b"vina-gpu") == -1 and low.find(b"vina_gpu") == -1:
        return
    if low.find(b"fault") == -1 and low.find("段错误".encode()) == -1:
        return
    if found_category(out, ("os-setting",)):
        return
    m = _SEGFAULT.search(text)
    if m is not None:
        out.append(entry_at(text, m.start(), "vina-gpu-stack-overflow", source))


# "the order is reversed" (of the GPUs) in a text that shows nvidia-smi's list: the framework
# numbers the GPUs otherwise than nvidia-smi (LostRuins/koboldcpp#1023)
_ORDER_REVERSED = re.compile(
    r"\b(?:the\s+)?order(?:ing)?\s+(?:is|was|gets|got)\s+(?:reversed|swapped|inverted|flipped)\b",
    re.I,
)


def device_order_reversed(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """The text shows nvidia-smi and says "the order is reversed": CUDA's device order
    (fastest first) differs from nvidia-smi's (PCI bus)."""
    if low.find(b"nvidia-smi") == -1:
        return
    if any(e["pattern"] == "device-order-differs-stated" for e in out):
        return
    hit = search_lines(low, (b"order",), _ORDER_REVERSED)
    if hit is not None:
        out.append(line_entry(text, hit, "device-order-differs-stated", source))


# a GTX 16-series card (TU116/TU117: GTX 1650, 1660, their Ti/Super) ...
_GTX16 = re.compile(r"\b(?:GTX\s*)?16[56]0(?:\s*(?:Ti|Super|S))?\b", re.I)
# ... and half precision said to fail on it: black or green images, NaNs, "does not support
# fp16" (AUTOMATIC1111's install guide: a green square on GTX 16xx, run --precision full
# --no-half; carson-katri/dream-textures#308, cleardusk/LivePortrait#231)
_HALF_FAILS = re.compile(
    r"\b(?:black|green)\b[^.\n]{0,40}?\b(?:images?|squares?|screens?|outputs?|blocks?)\b"
    r"[^.\n]{0,40}?\b(?:half|fp16|float16)|"
    r"\b(?:half|fp16|float16)\b[^.\n]{0,40}?\b(?:black|green)\s+(?:images?|squares?|screens?|"
    r"outputs?)\b|"
    r"\b(?:does\s+not|doesn't|do\s+not|don't|can't|cannot)\s+support\s+(?:ft16|fp16|float16|"
    r"half(?:[- ]precision)?)\b",
    re.I,
)


def gtx16_half_precision(text: str, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A GTX 16-series GPU and half precision said to fail (black or green images, "does not
    support fp16"): these cards produce NaNs in fp16 in many models (Stable Diffusion's VAE);
    full precision works."""
    if low.find(b"16") == -1 or found_category(out, ("gpu-arch-unsupported",)):
        return
    if not _GTX16.search(text):
        return
    hit = search_lines(low, (b"half", b"fp16", b"ft16", b"float16"), _HALF_FAILS)
    if hit is not None:
        out.append(line_entry(text, hit, "gtx16-half-precision-fails", source))


# the words that come last in each of the three: an anchor the text is searched for once ...
_RT_EXTENSION = re.compile(
    r"\bVK_KHR_(?:ray_tracing(?:_pipeline)?|acceleration_structure|ray_query|pipeline_library)\b"
)
# ... and what must stand in the 200 characters before it
_SAID_MISSING = re.compile(r"\b(?:missing|not supported|unsupported)\b", re.I)
_LOOK_BACK = 200
_MAX_ANCHORS = 64


def _first_anchor(
    text: str, anchor: Pattern[str], holds: Callable[[re.Match[str]], bool]
) -> Optional[re.Match[str]]:
    """The first of the first _MAX_ANCHORS matches of ``anchor`` for which ``holds`` (a look at
    a bounded stretch around it) is true: linear in the text, however often it repeats."""
    for i, m in enumerate(anchor.finditer(text)):
        if i >= _MAX_ANCHORS:
            return None
        if holds(m):
            return m
    return None


def _add(
    text: str, m: Optional[re.Match[str]], pattern: str, out: List[Dict[str, str]], source: str
) -> None:
    if m is not None:
        out.append(entry_at(text, m.start(), pattern, source))


def vulkan_ray_tracing_missing(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """A Vulkan ray-tracing extension said missing or not supported ("VkDevice extensions are
    NOT supported: ... VK_KHR_ray_tracing_pipeline", vs-shirokii/gzdoom-rt#37; "Missing
    physical device extension: VK_KHR_pipeline_library", haosulab/SAPIEN#74): a GPU without
    ray-tracing hardware (NVIDIA before RTX, AMD before the RX 6000 series) or a driver too old
    to expose the extensions."""
    if low.find(b"vk_khr_") == -1 or found_category(out, ("gpu-arch-unsupported",)):
        return
    hit = _first_anchor(
        text,
        _RT_EXTENSION,
        lambda m: _SAID_MISSING.search(text, max(0, m.start() - _LOOK_BACK), m.start()) is not None,
    )
    _add(text, hit, "vulkan-ray-tracing-extension-missing", out, source)


_NVIDIA_DEVICE_NODES = re.compile(
    r"/dev/nvidia[\w-]*|\bnvidia (?:devices?|device nodes?|device files?)\b|\bgpu devices?\b",
    re.I,
)
_PERMISSION_BEFORE = re.compile(
    r"\bpermissions?\b[^.\n]{0,30}?\b(?:accessing|to access|on|for|of)\s+(?:the\s+)?$", re.I
)
_PERMISSION_DENIED_AFTER = re.compile(r"[^\n]{0,40}?\bPermission denied\b")


def gpu_device_permission_stated(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """The text puts the failure on the NVIDIA device nodes' permissions: "the transcoding
    fails because of permissions accessing the nvidia device" (jellyfin/jellyfin#11139, a
    compose file's `user: 472:472`), "/dev/nvidia0: Permission denied"."""
    if low.find(b"permission") == -1 or found_category(out, ("os-setting",)):
        return
    hit = _first_anchor(
        text,
        _NVIDIA_DEVICE_NODES,
        lambda m: (
            _PERMISSION_BEFORE.search(text[max(0, m.start() - 60) : m.start()]) is not None
            or (
                m.group(0).startswith("/dev/")
                and _PERMISSION_DENIED_AFTER.match(text, m.end()) is not None
            )
        ),
    )
    _add(text, hit, "gpu-device-permission-stated", out, source)


_NO_LONGER_SEES_GPU = re.compile(
    r"\bno longer\b[^.\n]{0,20}?\b(?:find|detect|see|recogni[sz]e|use)s?\b[^.\n]{0,30}?"
    r"\b(?:gpu|graphics|card|board|geforce|gtx|rtx|gt ?\d|quadro|nvidia)",
    re.I,
)
_WINDOWS_UPDATE = re.compile(r"\bwindows(?: 10| 11)? update\b", re.I)


def windows_update_took_the_gpu(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """The text says the GPU went missing after a Windows update: "install the latest 64-bit
    Windows 10 update ... it was no longer able to find my GT440" (BOINC/boinc#1652): Windows
    Update put its own display driver, without CUDA, over NVIDIA's."""
    if low.find(b"no longer") == -1 or low.find(b"update") == -1:
        return
    if found_category(out, ("driver-not-loaded",)):
        return

    def updated_before(m: re.Match[str]) -> bool:  # in the same line, within _LOOK_BACK
        start = max(0, m.start() - _LOOK_BACK)
        return text.find("\n", start, m.start()) == -1 and bool(
            _WINDOWS_UPDATE.search(text, start, m.start())
        )

    hit = _first_anchor(text, _NO_LONGER_SEES_GPU, updated_before)
    _add(text, hit, "windows-update-replaced-driver-stated", out, source)
