"""Token-aware chunking of abstracts with langchain-text-splitters.

Most abstracts (about 250 tokens) fit one chunk. A longer one is split at paragraph, sentence,
then clause boundaries into chunks of at most ``chunk_tokens`` tokens (the embedder's window),
overlapping by ``overlap_tokens``. Every chunk starts with the paper's title or label, so a
chunk found on its own still says which paper it is.
"""

from __future__ import annotations

from typing import Any

from langchain_text_splitters import RecursiveCharacterTextSplitter

from rag.types import Paper

__all__ = ["Chunker"]


class Chunker:
    def __init__(self, tokenizer: Any, chunk_tokens: int = 256, overlap_tokens: int = 32) -> None:
        # count real lengths: the embedder's tokenizer truncates at its window
        self.tokenizer = type(tokenizer).from_str(tokenizer.to_str())
        self.tokenizer.no_truncation()
        self.chunk_tokens = chunk_tokens
        self.overlap_tokens = overlap_tokens

    def n_tokens(self, text: str) -> int:
        return len(self.tokenizer.encode(text, add_special_tokens=False).ids)

    def chunks(self, paper: Paper) -> list[str]:
        head = f"{paper.title or paper.label}."
        # the embedder adds [CLS] and [SEP]: leave room for them and the header
        budget = max(32, self.chunk_tokens - self.n_tokens(head) - 2)
        body = paper.abstract.strip()
        if self.n_tokens(body) <= budget:
            return [f"{head}\n{body}"]
        splitter = RecursiveCharacterTextSplitter(
            chunk_size=budget, chunk_overlap=min(self.overlap_tokens, budget // 4),
            length_function=self.n_tokens, separators=["\n\n", "\n", ". ", "; ", ", ", " ", ""],
            keep_separator="end")
        return [f"{head}\n{piece.strip()}" for piece in splitter.split_text(body) if piece.strip()]
