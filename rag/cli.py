"""`paperchat` command line: a thin adapter over :class:`rag.PaperChat`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from rag.bench_cli import register as register_bench
from rag.cli_common import DataDir, Preset, fail, settings_for
from rag.errors import PaperChatError
from rag.eval_cli import register as register_eval
from rag.pipeline import PaperChat
from rag.retrieval import Filters

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="PaperChat: ask questions about research-paper abstracts, offline.")
models_app = typer.Typer(no_args_is_help=True, help="List and download models.")
app.add_typer(models_app, name="models")
SESSION_HELP = ("Presentation session: as the papers give it, or its number or day "
                "(3; Wednesday; Wednesday morning; 1 or 2).")


def _open(data_dir: Path | None, config: str | None, **overrides: object) -> PaperChat:
    return PaperChat(settings_for(data_dir, config, **overrides))


@app.command()
def ingest(paths: Annotated[list[Path], typer.Argument(help="Paper list files.")],
           fmt: Annotated[str | None, typer.Option("--format", help="Force a format: "
                          "paperlist, search-results, jsonl, json, csv, beir.")] = None,
           as_json: Annotated[bool, typer.Option("--json")] = False,
           data_dir: DataDir = None, config: Preset = None) -> None:
    """Add papers to the store (re-ingesting adds nothing; edited records are replaced)."""
    try:
        chat = _open(data_dir, config)
        report = chat.ingest(list(paths), fmt, progress=not as_json)
    except PaperChatError as err:
        fail(err)
    except KeyboardInterrupt:
        typer.secho("interrupted: the store is consistent; rerun the same command to finish",
                    fg=typer.colors.YELLOW, err=True)
        raise typer.Exit(130) from None
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
        return
    for line in report.skipped:
        typer.secho(f"skipped: {line}", fg=typer.colors.YELLOW, err=True)
    typer.echo(f"{len(paths)} file(s): {report.summary()}; {chat.index.count()} papers in store")


@app.command()
def search(query: str,
           k: Annotated[int, typer.Option("-k", min=1, max=200, help="Papers to show.")] = 10,
           area: Annotated[str, typer.Option(help="Area contains.")] = "",
           author: Annotated[str, typer.Option(help="An author contains.")] = "",
           venue: Annotated[str, typer.Option(help="Venue contains.")] = "",
           year: Annotated[int | None, typer.Option(help="Year.")] = None,
           status: Annotated[str, typer.Option(help="Status contains (Oral).")] = "",
           affiliation: Annotated[str, typer.Option(help="An affiliation names it (MIT).")] = "",
           session: Annotated[str, typer.Option(help=SESSION_HELP)] = "",
           exact: Annotated[bool, typer.Option(
               "--exact", help="Search the words as typed (no misspelling read).")] = False,
           as_json: Annotated[bool, typer.Option("--json")] = False,
           data_dir: DataDir = None, config: Preset = None) -> None:
    """Hybrid (meaning + keyword) search, one row per paper. A word no paper writes is read
    as the one the papers write that it most likely misspells, as the chat does (said on
    stderr; --exact: as typed)."""
    try:
        chat = _open(data_dir, config)
        query, pairs = (query, []) if exact else chat.respelled(query)
        if pairs:
            typer.secho(f"searching for \u201c{query}\u201d (" + ", ".join(
                f"\u201c{a}\u201d read as \u201c{b}\u201d" for a, b in pairs) + ")",
                fg=typer.colors.YELLOW, err=True)
        result = chat.search(query, k, Filters(
            area, author, venue, year, status=status, affiliation=affiliation, session=session))
    except PaperChatError as err:
        fail(err)
    if as_json:
        typer.echo(json.dumps([h.to_json() for h in result.hits], indent=2, ensure_ascii=False))
        return
    if not result.hits:
        typer.echo("no matching papers")
    for n, hit in enumerate(result.hits, 1):
        p = hit.paper
        meta = " · ".join(x for x in [", ".join(p.authors[:3]) + (" et al." if len(p.authors) > 3
                                      else ""), p.area, p.venue, str(p.year or ""), p.status,
                                      p.session]
                          if x)
        typer.secho(f"{n:>2}. {p.title or p.label}", bold=True)
        typer.echo(f"    [{p.paper_id}] {meta}")
        typer.echo(f"    {hit.evidence[:240]}")
    typer.secho(f"({result.timings['total_ms']:.0f} ms)", dim=True, err=True)


@app.command()
def ask(question: str,
        as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")] = False,
        model: Annotated[str | None, typer.Option(
            "--model", help="Registry alias or path to a .gguf file.")] = None,
        area: Annotated[str, typer.Option(help="Area contains.")] = "",
        author: Annotated[str, typer.Option(help="An author contains.")] = "",
        venue: Annotated[str, typer.Option(help="Venue contains.")] = "",
        year: Annotated[int | None, typer.Option(help="Year.")] = None,
        status: Annotated[str, typer.Option(help="Status contains (Oral).")] = "",
        affiliation: Annotated[str, typer.Option(help="An affiliation names it (MIT).")] = "",
        session: Annotated[str, typer.Option(help=SESSION_HELP)] = "",
        k: Annotated[int | None, typer.Option("-k", min=1, max=200)] = None,
        data_dir: DataDir = None, config: Preset = None) -> None:
    """Answer a question from the abstracts, with citations (streams unless --json)."""
    from rag.answer import DoneEvent, PapersEvent, TokenEvent

    overrides: dict[str, object] = {"llm": {"model": model}} if model else {}
    filters = Filters(area, author, venue, year, status=status, affiliation=affiliation,
                      session=session)
    try:
        chat = _open(data_dir, config, **overrides)
        events = chat.ask_stream(question, filters=filters, k=k)
        for event in events:
            if as_json:
                if isinstance(event, DoneEvent):
                    typer.echo(json.dumps(event.answer.model_dump(exclude={"rejected_drafts"}),
                                          indent=2, ensure_ascii=False))
            elif isinstance(event, PapersEvent):
                typer.secho(f"[{event.count} paper(s) found in {event.retrieve_ms:.0f} ms]",
                            dim=True, err=True)
            elif isinstance(event, TokenEvent):
                typer.echo(event.text)
            elif isinstance(event, DoneEvent):
                a = event.answer
                if a.citations:
                    typer.echo("\nSources:")
                    for c in a.citations:
                        typer.echo(f"  {c.marker} {c.title or c.label}  ({c.paper_id})")
                t = a.timings
                typer.secho(f"[first token {t.get('first_token_ms', 0):.0f} ms, total "
                            f"{t['total_ms']:.0f} ms, {t['tokens_per_s']} tok/s]", dim=True,
                            err=True)
    except PaperChatError as err:
        fail(err)


@app.command()
def remove(paper_ids: list[str], data_dir: DataDir = None, config: Preset = None) -> None:
    """Delete papers (by id) from the store and the index."""
    try:
        removed = _open(data_dir, config).remove(paper_ids)
    except PaperChatError as err:
        fail(err)
    missing = sorted(set(paper_ids) - set(removed))
    typer.echo(f"removed {len(removed)} paper(s)")
    if missing:
        typer.secho(f"not found: {', '.join(missing)}", fg=typer.colors.YELLOW, err=True)
        raise typer.Exit(1)


@app.command()
def demo(data_dir: DataDir = None, config: Preset = None) -> None:
    """Ingest the bundled demo corpus (29 papers) if the store is empty."""
    try:
        chat = _open(data_dir, config)
        report = chat.ensure_demo(progress=True)
    except PaperChatError as err:
        fail(err)
    typer.echo(report.summary() if report else f"store not empty ({chat.index.count()} papers)")


@app.command()
def serve(host: Annotated[str | None, typer.Option(help="Bind address (default loopback).")] = None,
          port: Annotated[int | None, typer.Option(help="Port (default 7860).")] = None,
          data_dir: DataDir = None, config: Preset = None) -> None:
    """Start the chat UI (ingests the demo corpus first if the store is empty)."""
    from ui.app import serve as serve_ui

    try:
        chat = _open(data_dir, config)
        s = chat.settings
        if host:
            s.ui.host = host
        if port:
            s.ui.port = port
        if n := chat.backfill_tokens(progress=True):  # a store from before token vectors: once
            typer.echo(f"stored the token vectors of {n} papers (once; searches re-score with them)")
        typer.echo(f"PaperChat on http://{s.ui.host}:{s.ui.port} ({chat.index.count()} papers; "
                   "the demo corpus is added if empty)")
        serve_ui(chat, host=s.ui.host, port=s.ui.port, auth=s.ui.auth)
    except PaperChatError as err:
        fail(err)


@app.command()
def info(data_dir: DataDir = None, config: Preset = None) -> None:
    """Where the data lives and what it holds."""
    chat = _open(data_dir, config)
    s = chat.settings
    typer.echo(f"data dir:  {s.home}\nstore:     {s.store.mode} ({s.chroma_dir})\n"
               f"papers:    {chat.index.count()}\nLLM:       {s.llm.model}\n"
               f"embedding: {s.embedding.model}")


@models_app.command("list")
def models_list(data_dir: DataDir = None, config: Preset = None) -> None:
    """Registry models, with where each lives and whether it is here."""
    from models.registry import REGISTRY, is_available

    s = _open(data_dir, config).settings
    for spec in REGISTRY.values():
        here = "available" if is_available(spec, s.models_dir) else "not downloaded"
        src = spec.package or f"{spec.repo}/{spec.filename}"
        mark = "*" if spec.name == s.llm.model else " "
        typer.echo(f"{mark} {spec.name:<18} {spec.kind:<9} {spec.size_mb:>5} MB  {here:<14} "
                   f"{spec.description}  [{src}]")


@models_app.command("pull")
def models_pull(name: str, data_dir: DataDir = None, config: Preset = None) -> None:
    """Download a registry model (the only command that uses the network)."""
    from models.registry import pull

    try:
        path = pull(name, _open(data_dir, config).settings.models_dir)
    except PaperChatError as err:
        fail(err)
    typer.echo(f"{name}: {path}")


register_eval(app)
register_bench(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
