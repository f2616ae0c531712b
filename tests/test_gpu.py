"""GPU offload with the real default GGUF through PaperChat's own backend.

Marked ``gpu`` and skipped unless llama-cpp-python was built with GPU support
(``PAPERCHAT_CUDA=1 scripts/setup.sh``). Imports only ``models`` and ``rag.settings``, so it also
runs on a GPU machine without the rest of the stack: ``pytest --noconftest tests/test_gpu.py``.
"""

from __future__ import annotations

import re

import pytest

llama_cpp = pytest.importorskip("llama_cpp")

from models import llm as llm_mod  # noqa: E402
from models.registry import resolve_gguf  # noqa: E402
from rag.settings import get_settings  # noqa: E402

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(
    not llama_cpp.llama_supports_gpu_offload(),
    reason="llama-cpp-python was built without GPU support (PAPERCHAT_CUDA=1 scripts/setup.sh)")]

MESSAGES = [{"role": "system", "content": "Answer in one sentence."},
            {"role": "user", "content": "What does zeroth-order optimization use instead of "
                                        "gradients?"}]
GRAMMAR = 'root ::= [A-Z] [a-z0-9 ,-]{10,200} "."\n'
ANSWER = re.compile(r"[A-Z][a-z0-9 ,-]{10,200}\.?")  # "." may be cut off by max_tokens


def test_all_layers_offloaded_and_real_tokens_decoded(capfd: pytest.CaptureFixture[str]) -> None:
    settings = get_settings(llm={"n_gpu_layers": -1})
    llm = llm_mod.load_llm(settings)
    assert isinstance(llm, llm_mod.LlamaCppLLM)
    n_layers = int(llm.llama.metadata["llama.block_count"])
    assert llm.gpu_layers == n_layers + 1  # blocks + output layer

    text = "".join(llm.stream_chat(MESSAGES, max_tokens=48, temperature=0.0, grammar=GRAMMAR))
    assert ANSWER.fullmatch(text), text
    assert len(text.split()) >= 3, text

    # what PaperChat reports, checked against llama.cpp's own log of the same load
    path = str(resolve_gguf(settings.llm.model, settings.models_dir))
    capfd.readouterr()
    llama_cpp.Llama(model_path=path, n_gpu_layers=-1, n_ctx=512, verbose=True)
    log = capfd.readouterr().err
    assert f"offloaded {n_layers + 1}/{n_layers + 1} layers to GPU" in log, log[-2000:]
