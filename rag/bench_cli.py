"""`paperchat bench`: a thin CLI adapter over :mod:`rag.bench`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from rag.cli_common import DataDir, Preset, fail, settings_for
from rag.errors import PaperChatError

__all__ = ["register"]


def _ints(text: str, option: str) -> list[int]:
    try:
        values = [int(x.replace("_", "")) for x in text.split(",") if x.strip()]
    except ValueError:
        raise typer.BadParameter(f"{option} takes comma-separated integers, e.g. 29,7486,100000",
                                 param_hint=option) from None
    if not values or min(values) < 1:
        raise typer.BadParameter(f"{option} takes positive integers", param_hint=option)
    return values


def bench(as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
          = False,
          sizes: Annotated[str | None, typer.Option(
              help="Store sizes in papers, comma-separated: 29 = the demo corpus, up to the "
                   "corpus size = real ingest, larger = real + synthetic copies. "
                   "(default: 29,7486,100000; with --quick: 29)")] = None,
          quick: Annotated[bool, typer.Option(
              "--quick", help="Small run: 10 queries, 40 ingested papers, 1 question, "
                              "short answers; sizes 29 unless --sizes.")] = False,
          parts: Annotated[str, typer.Option(
              help="Parts to run, comma-separated: search, ingest, ask, serve.")]
          = "search,ingest,ask,serve",
          queries: Annotated[int | None, typer.Option(
              min=1, help="Search queries per size. (default: 30)")] = None,
          ingest_papers: Annotated[int | None, typer.Option(
              min=1, help="Papers ingested for the throughput figure. (default: 400)")] = None,
          questions: Annotated[int | None, typer.Option(
              min=1, max=5, help="Questions asked (medians reported). (default: 4)")] = None,
          max_tokens: Annotated[int | None, typer.Option(
              min=1, help="Max tokens per synthesised answer. (default: from the settings)")] = None,
          corpus: Annotated[list[Path] | None, typer.Option(
              "--corpus", help="Paper files for the real stores and the ingest figure "
                               "(repeatable). (default: ../shared/datasets' two JSONL files)")]
          = None,
          cache_dir: Annotated[Path | None, typer.Option(
              help="Where built stores are cached. (default: DATA_DIR/bench-cache)")] = None,
          rebuild: Annotated[bool, typer.Option(
              "--rebuild", help="Build the stores again instead of reusing the cache.")] = False,
          data_dir: DataDir = None, config: Preset = None) -> None:
    """Latency, throughput and memory figures beside their baselines and targets."""
    from rag.bench import BenchConfig, format_table, run_bench

    size_list = _ints(sizes, "--sizes") if sizes else None
    options = {"sizes": size_list, "queries": queries, "ingest_papers": ingest_papers,
               "questions": questions, "max_tokens": max_tokens,
               "corpus": list(corpus) if corpus else None, "cache_dir": cache_dir,
               "rebuild": rebuild, "config": config,
               "parts": [p.strip() for p in parts.split(",") if p.strip()]}
    given: dict[str, Any] = {k: v for k, v in options.items() if v is not None}
    cfg = BenchConfig.quick(**given) if quick else BenchConfig(**given)
    try:
        settings = settings_for(data_dir, config)
        report = run_bench(settings, cfg)
    except PaperChatError as err:
        fail(err)
    except KeyboardInterrupt:
        typer.secho("interrupted: stores not finished are rebuilt next time",
                    fg=typer.colors.YELLOW, err=True)
        raise typer.Exit(130) from None
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
    else:
        typer.echo(format_table(report))


def register(app: typer.Typer) -> None:
    """Add `bench` to the main CLI."""
    app.command("bench")(bench)


if __name__ == "__main__":  # pragma: no cover - `python -m rag.bench_cli` for quick runs
    _app = typer.Typer(add_completion=False)
    register(_app)
    _app(sys.argv[1:])
