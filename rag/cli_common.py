"""What every `paperchat` subcommand module shares: the common options and error exit."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer

from rag.errors import PaperChatError
from rag.settings import Settings, get_settings

__all__ = ["AsJson", "DataDir", "Preset", "fail", "settings_for"]

DataDir = Annotated[Path | None, typer.Option(
    "--data-dir", envvar="PAPERCHAT_HOME",
    help="Data dir: store and index (eval-cache/ and bench-cache/ hold scratch stores).")]
Preset = Annotated[str | None, typer.Option("--config", "-c",
                                            help="Preset name from configs/ or a .toml path.")]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def settings_for(data_dir: Path | None, config: str | None, **overrides: object) -> Settings:
    extra: dict[str, object] = dict(overrides)
    if data_dir is not None:
        extra["home"] = data_dir
    return get_settings(config, **extra)


def fail(err: Exception) -> NoReturn:
    """One red line on stderr; exit 2 for a PaperChatError (the user's to fix), else 1."""
    typer.secho(f"error: {err}", fg=typer.colors.RED, err=True)
    raise typer.Exit(2 if isinstance(err, PaperChatError) else 1)
