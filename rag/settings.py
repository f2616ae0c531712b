"""All PaperChat settings in one place.

Resolution order (later wins): field defaults < preset TOML from ``configs/`` < ``PAPERCHAT_*``
environment variables < explicit overrides. Nested fields use ``__`` in env vars, e.g.
``PAPERCHAT_LLM__N_GPU_LAYERS=-1``. ``PAPERCHAT_HOME`` sets the data dir.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from rag.errors import ConfigError

__all__ = [
    "CONFIG_DIR",
    "EmbeddingSettings",
    "LLMSettings",
    "RetrievalSettings",
    "Settings",
    "StoreSettings",
    "UISettings",
    "get_settings",
    "list_presets",
]

CONFIG_DIR = Path(__file__).resolve().parent.parent / "configs"


def _default_home() -> Path:
    return Path(platformdirs.user_data_dir("paperchat", appauthor=False))


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class StoreSettings(_Section):
    mode: Literal["persistent", "http"] = Field(
        "persistent", description="'persistent': Chroma files in the data dir; 'http': a Chroma server.")
    collection: str = Field("papers", description="Chroma collection name.")
    chroma_host: str = Field("127.0.0.1", description="Chroma server host (mode 'http').")
    chroma_port: int = Field(8000, ge=1, le=65535, description="Chroma server port (mode 'http').")
    ef_search: int = Field(
        2000, ge=10, le=100_000, description="Candidates Chroma's HNSW index explores per dense "
        "query (its default 100; the query asks for 200 chunks). 2,000 made the top 200 exact "
        "on 5,742 chunks, and the same from one process to the next: at 100, 0.988 of the exact "
        "top 200 and a different list in each process (the vectors not yet in the saved graph "
        "are inserted again on every load). Set on open where a store differs (a Chroma server "
        "that has already loaded the collection takes it when restarted).")
    batch_size: int = Field(
        128, ge=1, le=4096, description="Papers embedded and written per store transaction; "
        "larger groups sort texts by length better (less padding), smaller ones redo less after "
        "an interruption.")


class EmbeddingSettings(_Section):
    model: str = Field("minilm-int8", description="Embedding model alias from the model registry.")
    max_tokens: int = Field(256, ge=16, le=512, description="Tokens per text the embedder sees.")
    batch_size: int = Field(32, ge=1, le=1024, description="Texts per ONNX call (length-sorted).")
    threads: int = Field(0, ge=0, description="onnxruntime intra-op threads; 0 = all cores.")


class ChunkSettings(_Section):
    chunk_tokens: int = Field(256, ge=32, le=512, description="Max tokens per chunk.")
    overlap_tokens: int = Field(32, ge=0, le=256, description="Token overlap between chunks.")
    sentence_vectors: bool = Field(
        True, description="Also embed every abstract sentence (title-prefixed, 'Title. "
        "Sentence') into the '<collection>-sentences' Chroma collection, for "
        "retrieval.sentence_weight. About 9 extra short texts per paper: ingest is slower "
        "(see README). Turning it on embeds the missing sentences of stored papers at the next "
        "ingest.")
    token_vectors: bool = Field(
        True, description="Also store each paper's token vectors (1 bit a dimension, about 12 "
        "KB a paper, in the catalog) from the sentences' forward pass, for "
        "retrieval.token_rerank. Without them re-scoring encodes the papers at query time; the "
        "next ingest stores those missing.")

    def vector_shape(self) -> dict[str, object]:
        """The fields that shape the vector store's contents (token vectors live in the
        catalog): a change of these means re-embedding."""
        return self.model_dump(exclude={"token_vectors"})


class LLMSettings(_Section):
    backend: Literal["llama-cpp", "openai"] = Field(
        "llama-cpp", description="'llama-cpp': in-process llama-cpp-python; 'openai': an "
        "OpenAI-compatible server such as llama.cpp's llama-server.")
    model: str = Field("smollm2-135m", description="Registry alias or path to a local .gguf file.")
    n_ctx: int = Field(2048, ge=256, le=131072, description="Context window in tokens.")
    n_threads: int = Field(0, ge=0, description="CPU threads; 0 = all cores.")
    n_gpu_layers: int = Field(0, ge=-1, description="Layers offloaded to the GPU; -1 = all, 0 = CPU.")
    temperature: float = Field(0.2, ge=0.0, le=2.0, description="Sampling temperature.")
    max_tokens: int = Field(160, ge=1, le=4096, description="Max tokens per generated answer.")
    repeat_penalty: float = Field(1.15, ge=1.0, le=2.0, description="llama.cpp repetition penalty.")
    server_url: str = Field("http://127.0.0.1:8080/v1", description="Base URL (backend 'openai').")
    seed: int = Field(0, description="Sampling seed, for reproducible answers.")
    strategy: Literal["auto", "per-source", "synthesis"] = Field(
        "auto", description="'per-source': one paper per prompt, one sentence each (tiny models); "
        "'synthesis': all sources in one prompt with inline citations; 'auto': by model size.")
    summary_sources: int = Field(4, ge=1, le=20, description="Papers a summary answer draws on.")
    source_tokens: int = Field(90, ge=20, le=1000, description="Max tokens of one source's text.")
    question_tokens: int = Field(200, ge=20, le=4000, description=(
        "Max tokens of the question as a prompt quotes it (a longer one is cut there)."))
    reasons_generated: int = Field(
        5, ge=0, le=200, description="Listed papers whose one-line reason the LLM writes; the "
        "rest show their most relevant abstract sentence.")
    listing_lines: int = Field(
        40, ge=1, le=1000, description="Papers a listing answer writes out; the count and the "
        "full list of papers (sources, JSON) always cover all of them.")
    min_grounding: float = Field(
        0.75, ge=0.0, le=1.0, description="Share of a generated sentence's content words that "
        "must occur in its source; below it the extractive sentence is used.")


class RetrievalSettings(_Section):
    k: int = Field(10, ge=1, le=200, description="Papers returned by search.")
    candidates: int = Field(100, ge=10, le=2000, description="Chunks fetched from each retriever.")
    fusion: Literal["score", "rrf"] = Field(
        "score", description="Hybrid fusion: 'score' mixes the dense score (see cosine_norm) "
        "and max-normalised BM25 (dense_share); 'rrf': weighted reciprocal rank fusion.")
    dense_share: float = Field(
        0.8, ge=0.0, le=1.0, description="Weight of the dense score in 'score' fusion (lexical "
        "gets 1 - dense_share); tuned on SciFact train with the defaults of cosine_norm and "
        "sentence_weight (0.6 suits cosine_norm 'minmax' without sentences).")
    cosine_norm: Literal["none", "minmax"] = Field(
        "none", description="Dense score in 'score' fusion: 'none' uses the cosine as is; "
        "'minmax' rescales it to [0, 1] over the query's candidates.")
    sentence_weight: float = Field(
        0.7, ge=0.0, le=1.0, description="Share of a paper's best-sentence cosine in its dense "
        "ranking score (the rest is its best-chunk cosine), for papers that have sentence "
        "vectors (chunking.sentence_vectors); 0 ignores them. Ranking only: a hit's similarity "
        "stays its best-chunk cosine.")
    sentence_candidates: int = Field(
        30, ge=1, le=2000, description="Papers re-scored with their sentence vectors: the best "
        "of a first ranking by best-chunk cosine (fused with BM25 in hybrid search). Each costs "
        "a fetch of its sentence vectors; on SciFact train 20 already give the full nDCG@10.")
    token_rerank: int = Field(
        20, ge=0, le=200, description="Papers at the top of the hybrid ('score' fusion) ranking "
        "re-scored by token-level matching (rag.retrieval.max_sim) with their stored token "
        "vectors (chunking.token_vectors; papers without are encoded at query time); 0: off.")
    token_weight: float = Field(
        1.75, ge=0.0, description="Weight of the token-level MaxSim added to a re-scored "
        "paper's fused score (tuned on SciFact train: 1.5 to 2 score alike).")
    rrf_k: int = Field(60, ge=1, description="Reciprocal-rank-fusion constant ('rrf' fusion).")
    dense_weight: float = Field(1.0, ge=0.0, description="Weight of the dense ranking ('rrf').")
    lexical_weight: float = Field(1.0, ge=0.0, description="Weight of the lexical ranking ('rrf').")
    min_similarity: float = Field(
        0.30, ge=-1.0, le=1.0,
        description="Cosine similarity below which a paper does not count as relevant.")


class UISettings(_Section):
    host: str = Field("127.0.0.1", description="Bind address; non-loopback needs auth.")
    port: int = Field(7860, ge=1, le=65535)
    auth: str = Field("", description="'user:password' required when binding beyond loopback.")


class Settings(BaseSettings):
    """PaperChat configuration. See configs/*.toml for named presets."""

    model_config = SettingsConfigDict(
        env_prefix="PAPERCHAT_", env_nested_delimiter="__", extra="forbid",
        validate_assignment=True)

    home: Path = Field(default_factory=_default_home, description="Data dir (store, index, models).")
    store: StoreSettings = Field(default_factory=StoreSettings)
    embedding: EmbeddingSettings = Field(default_factory=EmbeddingSettings)
    chunking: ChunkSettings = Field(default_factory=ChunkSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    ui: UISettings = Field(default_factory=UISettings)

    @property
    def chroma_dir(self) -> Path:
        return self.home / "chroma"

    @property
    def index_path(self) -> Path:
        return self.home / "papers.sqlite3"

    @property
    def models_dir(self) -> Path:
        return self.home / "models"


def list_presets() -> list[str]:
    return sorted(p.stem for p in CONFIG_DIR.glob("*.toml"))


def _load_preset(name: str) -> dict[str, Any]:
    path = Path(name) if name.endswith(".toml") else CONFIG_DIR / f"{name}.toml"
    if not path.is_file():
        raise ConfigError(f"unknown preset {name!r}: choose one of {', '.join(list_presets())} "
                          "or pass a path to a .toml file")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from exc


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def get_settings(config: Settings | dict[str, Any] | str | None = None,
                 **overrides: Any) -> Settings:
    """Resolve settings from a Settings object, a dict, a preset name/path, or nothing (default).

    Environment variables override the preset; ``overrides`` (nested dicts) override both.
    """
    if isinstance(config, Settings):
        return config.model_copy(update=overrides) if overrides else config
    preset: dict[str, Any] = {}
    if isinstance(config, str):
        preset = _load_preset(config)
    elif isinstance(config, dict):
        preset = config
    elif config is None:
        preset = _load_preset("default") if (CONFIG_DIR / "default.toml").is_file() else {}
    try:
        env = Settings()  # defaults + environment
        env_set = env.model_dump(exclude_unset=True)
        merged = _merge(_merge(preset, env_set), overrides)
        return Settings.model_validate(merged) if merged else env
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise ConfigError(f"invalid setting {loc}: {first['msg']}") from exc
