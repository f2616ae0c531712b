"""Chat LLM backends behind one small interface, registered by name.

``llama-cpp``: llama-cpp-python in process, the GGUF's own chat template, optional GPU offload.
``openai``: any OpenAI-compatible server, e.g. llama.cpp's ``llama-server`` or
``python -m llama_cpp.server`` (streams SSE; passes the GBNF grammar through, as llama.cpp's
servers accept it).
"""

from __future__ import annotations

import ctypes
import json
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

import numpy as np

from rag.errors import ConfigError, ModelError
from rag.settings import LLMSettings, Settings

__all__ = ["ChatLLM", "LlamaCppLLM", "OpenAICompatLLM", "load_llm", "register_llm"]

log = logging.getLogger("paperchat.llm")
Message = dict[str, str]


class ChatLLM(Protocol):
    """What the answering pipeline needs from a language model."""

    name: str
    n_ctx: int

    def count_tokens(self, text: str) -> int: ...
    def stream_chat(self, messages: Sequence[Message], *, max_tokens: int, temperature: float,
                    grammar: str | None = None, stop: Sequence[str] = ()) -> Iterator[str]: ...


_BACKENDS: dict[str, Callable[[Settings], ChatLLM]] = {}


def register_llm(name: str) -> Callable[[Callable[[Settings], ChatLLM]],
                                        Callable[[Settings], ChatLLM]]:
    def deco(factory: Callable[[Settings], ChatLLM]) -> Callable[[Settings], ChatLLM]:
        _BACKENDS[name] = factory
        return factory
    return deco


def load_llm(settings: Settings) -> ChatLLM:
    try:
        factory = _BACKENDS[settings.llm.backend]
    except KeyError:
        raise ConfigError(f"unknown LLM backend {settings.llm.backend!r}") from None
    return factory(settings)


class GrammarLastSampler:
    """Grammar-constrained sampling that checks the grammar only where it matters.

    llama-cpp-python puts the grammar before top-k in its sampler chain, so every generated token
    runs the grammar over the whole vocabulary (49,152 tokens for SmolLM2): about a quarter of the
    decode time. This does what llama.cpp's own ``common_sampler`` does: sample with the chain
    alone and ask the grammar about that one token. When it is rejected, the grammar first filters
    only the candidates the chain kept (top-k, top-p, min-p) and one of those still allowed is
    drawn; only when none is allowed does the grammar filter the whole vocabulary and the chain
    sample again. The tokens drawn are grammatical either way; the distribution is the chain's
    restricted to what the grammar allows (up to which candidates the chain's top-k keeps).

    Between the two, the grammar tries the ``WIDE`` highest logits (e.g. the end-of-text token
    once the grammar is complete). Duck-types ``llama_cpp._internals.LlamaSampler`` where
    ``Llama.generate`` uses it (``sample(ctx, idx)``).
    """

    WIDE = 256

    def __init__(self, llama: Any, chain: Any, grammar: Any) -> None:
        import llama_cpp

        self._lib = llama_cpp
        self.chain = chain  # a LlamaSampler without the grammar; frees itself
        self.grammar = llama_cpp.llama_sampler_init_grammar(
            llama._model.vocab, grammar._grammar.encode("utf-8"), grammar._root.encode("utf-8"))
        if not self.grammar:
            raise ModelError("llama.cpp rejected the GBNF grammar")
        self.n_vocab = llama.n_vocab()
        self._data = (llama_cpp.llama_token_data * self.n_vocab)()
        self._view = np.frombuffer(self._data, dtype=np.dtype(
            [("id", np.int32), ("logit", np.float32), ("p", np.float32)]))
        self._ids = np.arange(self.n_vocab, dtype=np.int32)
        self._all = llama_cpp.llama_token_data_array(
            data=self._data, size=self.n_vocab, selected=-1, sorted=False)
        self._one_data = (llama_cpp.llama_token_data * 1)()
        self._one = llama_cpp.llama_token_data_array(
            data=self._one_data, size=1, selected=-1, sorted=False)
        self._dist = llama_cpp.llama_sampler_init_dist(llama._seed)
        self.rejected = 0  # tokens the grammar turned down
        self.full_passes = 0  # ... of which none of the chain's candidates was allowed

    def _load(self, ctx: Any, idx: int) -> None:
        logits = np.ctypeslib.as_array(self._lib.llama_get_logits_ith(ctx.ctx, idx),
                                       shape=(self.n_vocab,))
        self._view["id"] = self._ids
        self._view["logit"] = logits
        self._view["p"] = 0.0
        self._all.size, self._all.selected, self._all.sorted = self.n_vocab, -1, False

    def _sample_among(self, ctx: Any, idx: int, width: int) -> bool:
        """Grammar, then the chain, over the ``width`` highest logits only; False (nothing
        drawn) when the grammar allows none of them."""
        lib, ref = self._lib, ctypes.byref
        self._load(ctx, idx)
        top = np.argpartition(-self._view["logit"], width)[:width]
        self._view[:width] = self._view[top]
        self._all.size, self._all.selected, self._all.sorted = width, -1, False
        lib.llama_sampler_apply(self.grammar, ref(self._all))
        if not (self._view["logit"][:width] > float("-inf")).any():
            return False
        lib.llama_sampler_apply(self.chain.sampler, ref(self._all))
        return True

    def _selected(self) -> int:
        if not 0 <= self._all.selected < self._all.size:
            raise ModelError("llama.cpp's sampler selected no token")
        return int(self._data[self._all.selected].id)

    def sample(self, ctx: Any, idx: int = -1) -> int:
        lib, ref = self._lib, ctypes.byref
        self._load(ctx, idx)
        lib.llama_sampler_apply(self.chain.sampler, ref(self._all))
        token = self._selected()
        self._one_data[0] = self._lib.llama_token_data(token, 1.0, 0.0)
        self._one.size, self._one.selected, self._one.sorted = 1, -1, False
        lib.llama_sampler_apply(self.grammar, ref(self._one))
        if self._one_data[0].logit == float("-inf"):  # rejected
            self.rejected += 1
            kept = self._all.size  # the chain's candidates, still in the array
            self._all.selected, self._all.sorted = -1, False
            lib.llama_sampler_apply(self.grammar, ref(self._all))
            if (self._view["logit"][:kept] > float("-inf")).any():
                lib.llama_sampler_apply(self._dist, ref(self._all))
            elif not self._sample_among(ctx, idx, self.WIDE):  # none allowed: widen
                self.full_passes += 1  # the grammar filters the whole vocabulary
                self._load(ctx, idx)
                lib.llama_sampler_apply(self.grammar, ref(self._all))
                lib.llama_sampler_apply(self.chain.sampler, ref(self._all))
            token = self._selected()
        self.accept(token)
        return token

    def accept(self, token: int) -> None:
        self._lib.llama_sampler_accept(self.grammar, token)
        self._lib.llama_sampler_accept(self.chain.sampler, token)

    def reset(self) -> None:
        self._lib.llama_sampler_reset(self.grammar)
        self._lib.llama_sampler_reset(self.chain.sampler)
        self._lib.llama_sampler_reset(self._dist)

    def __del__(self) -> None:
        for name in ("grammar", "_dist"):
            sampler = getattr(self, name, None)
            setattr(self, name, None)
            if sampler:
                try:
                    self._lib.llama_sampler_free(sampler)
                except Exception:  # interpreter shutdown: the library may be gone already
                    pass


def _llama_class() -> Any:
    """``llama_cpp.Llama`` whose grammar-constrained sampling uses :class:`GrammarLastSampler`."""
    import llama_cpp

    class Llama(llama_cpp.Llama):  # type: ignore[misc]
        def _init_sampler(self, **kwargs: Any) -> Any:  # type: ignore[override]  # keywords only
            grammar = kwargs.pop("grammar", None)
            if grammar is None or kwargs.get("mirostat_mode", 0):  # mirostat adapts to the
                return super()._init_sampler(grammar=grammar, **kwargs)  # candidates it sees
            return GrammarLastSampler(self, super()._init_sampler(**kwargs), grammar)

    return Llama


class LlamaCppLLM:
    """A GGUF model run by llama-cpp-python. The prompt prefix shared with the previous call
    (the fixed system prompt) is kept in the KV cache and not evaluated again. Grammars are
    checked last (:class:`GrammarLastSampler`)."""

    def __init__(self, model_path: str, cfg: LLMSettings) -> None:
        import llama_cpp

        self.cfg = cfg
        self.name = os.path.basename(model_path)
        threads = cfg.n_threads or (os.cpu_count() or 1)
        try:
            self.llama = _llama_class()(
                model_path=model_path, n_ctx=cfg.n_ctx, n_threads=threads,
                n_threads_batch=threads, n_gpu_layers=cfg.n_gpu_layers, seed=cfg.seed,
                verbose=False)
        except (ValueError, RuntimeError) as exc:
            raise ModelError(f"llama.cpp could not load {model_path}: {exc}") from exc
        self.n_ctx = self.llama.n_ctx()
        self.size_mb = os.path.getsize(model_path) / 2**20
        n_layers = int(self.llama.metadata.get(
            f"{self.llama.metadata.get('general.architecture', 'llama')}.block_count", 0) or 0)
        gpu = bool(llama_cpp.llama_supports_gpu_offload())
        wanted = n_layers + 1 if cfg.n_gpu_layers < 0 else min(cfg.n_gpu_layers, n_layers + 1)
        self.gpu_layers = wanted if gpu else 0
        if cfg.n_gpu_layers != 0 and not gpu:
            log.warning("n_gpu_layers=%s but this llama.cpp build has no GPU support: running on "
                        "the CPU (rebuild with PAPERCHAT_CUDA=1 scripts/setup.sh)", cfg.n_gpu_layers)
        log.info("loaded %s: n_ctx=%d, %d/%d layers offloaded to the GPU", self.name, self.n_ctx,
                 self.gpu_layers, n_layers + 1)

    def count_tokens(self, text: str) -> int:
        return len(self.llama.tokenize(text.encode(), add_bos=False, special=True))

    def stream_chat(self, messages: Sequence[Message], *, max_tokens: int, temperature: float,
                    grammar: str | None = None, stop: Sequence[str] = ()) -> Iterator[str]:
        from llama_cpp import LlamaGrammar

        g = LlamaGrammar.from_string(grammar, verbose=False) if grammar else None
        chat_messages: Any = list(messages)
        stream = self.llama.create_chat_completion(
            messages=chat_messages, stream=True, max_tokens=max_tokens, temperature=temperature,
            repeat_penalty=self.cfg.repeat_penalty, grammar=g, stop=list(stop) or None,
            seed=self.cfg.seed)
        for chunk in stream:
            delta: Any = chunk["choices"][0]["delta"]  # type: ignore[index]
            text = delta.get("content") if isinstance(delta, dict) else None
            if text:
                yield str(text)


class OpenAICompatLLM:
    """A model behind an OpenAI-compatible HTTP server (llama.cpp's llama-server)."""

    def __init__(self, cfg: LLMSettings) -> None:
        import httpx

        self.cfg = cfg
        self.base = cfg.server_url.rstrip("/")
        # trust_env=False: a proxy from the environment must not see calls to a local server
        self.client = httpx.Client(timeout=httpx.Timeout(120.0, connect=5.0), trust_env=False)
        self.name = cfg.model
        self.n_ctx = cfg.n_ctx
        self.size_mb = None  # unknown: assume a capable model

    def _root(self) -> str:
        return self.base.removesuffix("/v1")

    def count_tokens(self, text: str) -> int:
        import httpx

        # llama.cpp's llama-server: /tokenize; llama-cpp-python's server: /extras/tokenize
        for path, body in (("/tokenize", {"content": text}),
                           ("/extras/tokenize", {"input": text, "model": self.cfg.model})):
            try:
                r = self.client.post(f"{self._root()}{path}", json=body)
                if r.status_code == 200:
                    data = r.json()
                    return len(data["tokens"]) if "tokens" in data else len(data["input_ids"]) \
                        if "input_ids" in data else int(data["count"])
            except (httpx.HTTPError, KeyError, ValueError, TypeError):
                continue
        return max(1, len(text) // 4)  # a server without a tokenizer endpoint: an estimate

    def stream_chat(self, messages: Sequence[Message], *, max_tokens: int, temperature: float,
                    grammar: str | None = None, stop: Sequence[str] = ()) -> Iterator[str]:
        import httpx

        body: dict[str, Any] = {"model": self.cfg.model, "messages": list(messages),
                                "max_tokens": max_tokens, "temperature": temperature,
                                "stream": True, "repeat_penalty": self.cfg.repeat_penalty,
                                "seed": self.cfg.seed}
        if grammar:
            body["grammar"] = grammar
        if stop:
            body["stop"] = list(stop)
        try:
            with self.client.stream("POST", f"{self.base}/chat/completions", json=body) as r:
                r.raise_for_status()
                for line in r.iter_lines():
                    if not line.startswith("data:"):
                        continue
                    data = line[5:].strip()
                    if data == "[DONE]":
                        break
                    delta = json.loads(data)["choices"][0].get("delta", {}).get("content")
                    if delta:
                        yield delta
        except httpx.HTTPError as exc:
            raise ModelError(f"LLM server at {self.base} failed: {exc} (is it running?)") from exc


@register_llm("llama-cpp")
def _llama_cpp(settings: Settings) -> ChatLLM:
    from models.registry import resolve_gguf

    path = resolve_gguf(settings.llm.model, settings.models_dir)
    return LlamaCppLLM(str(path), settings.llm)


@register_llm("openai")
def _openai(settings: Settings) -> ChatLLM:
    return OpenAICompatLLM(settings.llm)
