"""Shared fixtures. Every test gets its own data dir; nothing touches the user's home."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from chromadb.api.types import Documents, EmbeddingFunction

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SEEDS = sorted((SHARED / "seeds").glob("*.txt"))
DEMO = sorted((ROOT / "rag" / "data" / "demo").glob("*.txt"))


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("PAPERCHAT_HOME", str(home))
    for var in list(__import__("os").environ):
        if var.startswith("PAPERCHAT_") and var != "PAPERCHAT_HOME":
            monkeypatch.delenv(var)
    return home


@pytest.fixture
def seed_files() -> list[Path]:
    """The shared seed files, or the identical demo copies where ../shared is absent."""
    return SEEDS if len(SEEDS) == 2 else DEMO


class HashEmbedder(EmbeddingFunction[Documents]):
    """Deterministic bag-of-words embedder for fast unit tests (no model)."""

    dim = 64

    def __init__(self) -> None:
        from tokenizers import Tokenizer
        from tokenizers.models import WordLevel
        from tokenizers.pre_tokenizers import Whitespace

        self.tokenizer = Tokenizer(WordLevel({"[UNK]": 0}, unk_token="[UNK]"))
        self.tokenizer.pre_tokenizer = Whitespace()
        self.calls = 0

    def embed(self, texts: list[str]) -> np.ndarray:
        self.calls += 1
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in re.findall(r"[a-z0-9]+", text.lower()):
                out[i, int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dim] += 1.0
        out /= np.clip(np.linalg.norm(out, axis=1, keepdims=True), 1e-9, None)
        return out

    def __call__(self, input: Documents) -> list[np.ndarray]:  # type: ignore[override]
        return list(self.embed(list(input)))

    @staticmethod
    def name() -> str:
        return "test-hash"

    def get_config(self) -> dict[str, object]:
        return {}

    @staticmethod
    def build_from_config(config: dict[str, object]) -> HashEmbedder:
        return HashEmbedder()

    def is_legacy(self) -> bool:
        return False

    def default_space(self) -> str:  # type: ignore[override]
        return "cosine"


@pytest.fixture
def hash_embedder() -> HashEmbedder:
    return HashEmbedder()


@pytest.fixture(scope="session")
def real_embedder():  # type: ignore[no-untyped-def]
    from models.embedding import MiniLMEmbedder

    return MiniLMEmbedder()


@pytest.fixture
def fast_chat(hash_embedder: HashEmbedder, isolated_home: Path) -> Iterator[object]:
    """PaperChat on a real Chroma store and the fake embedder."""
    from rag import PaperChat

    chat = PaperChat(embedder=hash_embedder)
    yield chat
    chat.close()


@pytest.fixture(scope="session")
def seed_chat(tmp_path_factory: pytest.TempPathFactory, real_embedder):  # type: ignore[no-untyped-def]
    """PaperChat with the real embedder and Chroma, holding the 29 seed papers (built once)."""
    from rag import PaperChat, get_settings

    home = tmp_path_factory.mktemp("seed-home")
    chat = PaperChat(get_settings(home=home), embedder=real_embedder)
    files = SEEDS if len(SEEDS) == 2 else DEMO
    report = chat.ingest(list(files), progress=False)
    assert report.added == 29, report.summary()
    yield chat
    chat.close()


class ScriptedLLM:
    """A fake chat model: replies with queued texts, records every call (for unit tests)."""

    name = "scripted"
    n_ctx = 2048
    size_mb = 100.0  # "tiny": the per-source strategy

    def __init__(self) -> None:
        self.replies: list[str] = []
        self.calls: list[dict[str, object]] = []
        self.default = "This paper studies the topic of the question in detail."

    def enqueue(self, replies: list[str]) -> ScriptedLLM:
        self.replies.extend(replies)
        return self

    def count_tokens(self, text: str) -> int:
        return len(text.split())

    def stream_chat(self, messages, *, max_tokens, temperature, grammar=None, stop=()):  # type: ignore[no-untyped-def]
        self.calls.append({"messages": list(messages), "grammar": grammar})
        text = self.replies.pop(0) if self.replies else self.default
        for word in text.split(" "):
            yield word + " "


@pytest.fixture
def scripted_llm() -> ScriptedLLM:
    return ScriptedLLM()
