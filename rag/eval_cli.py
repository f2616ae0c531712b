"""`paperchat eval` and `paperchat eval-questions`: thin CLI adapters over :mod:`rag.evaluation`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from rag.cli_common import AsJson, DataDir, Preset, fail, settings_for
from rag.errors import PaperChatError

__all__ = ["register"]


def eval_beir(directory: Annotated[Path, typer.Argument(help="BEIR dir: corpus.jsonl, "
                                                         "queries.jsonl, qrels/<split>.tsv.")],
              split: Annotated[str, typer.Option(help="qrels split to evaluate.")] = "test",
              mode: Annotated[list[str] | None, typer.Option(
                  "--mode", help="Only these modes (dense, lexical, hybrid); default all.")] = None,
              as_json: AsJson = False, data_dir: DataDir = None, config: Preset = None) -> None:
    """Score dense, lexical and hybrid search on a BEIR dataset (nDCG@10, recall, MRR, ms)."""
    from rag.evaluation import MODES, format_table, load_beir, open_eval_chat, run_beir_eval

    modes = mode or list(MODES)
    bad = [m for m in modes if m not in MODES]
    if bad:
        fail(typer.BadParameter(f"unknown mode {bad[0]!r}: choose from {', '.join(MODES)}"))
    try:
        data = load_beir(directory, split)
        settings = settings_for(data_dir, config)
        chat = open_eval_chat(settings, [data.corpus], progress=not as_json)
        try:
            reports = run_beir_eval(chat, data, modes)
        finally:
            chat.close()
    except PaperChatError as err:
        fail(err)
    if as_json:
        typer.echo(json.dumps({"dataset": str(directory), "split": split,
                               "queries": len(data.queries),
                               "modes": [r.to_json() for r in reports]}, indent=2))
        return
    typer.echo(f"{directory} ({split}): {len(data.queries)} queries")
    typer.echo(format_table(reports))


def eval_questions(file: Annotated[Path, typer.Argument(help="JSON list of labelled questions "
                                                         "(schema: rag/evaluation.py).")],
                   corpus: Annotated[list[Path] | None, typer.Option(
                       "--corpus", help="Evaluate on a cached scratch store of these files "
                       "(repeatable) instead of the data dir's store.")] = None,
                   k: Annotated[int | None, typer.Option(
                       "-k", min=50, max=200, help="Search depth the relevance cut starts from "
                       "(the listing itself is not capped); default and least: "
                       "rag.answer.LISTING_DEPTH, 50.")] = None,
                   answer: Annotated[bool, typer.Option(
                       "--answer", help="Also score the generated answers.")] = False,
                   as_json: AsJson = False, data_dir: DataDir = None,
                   config: Preset = None) -> None:
    """Score paper listing and refusals on labelled questions."""
    from rag.evaluation import (
        _listing,
        format_question_report,
        load_questions,
        open_eval_chat,
        run_question_eval,
    )
    from rag.pipeline import PaperChat

    try:
        questions = load_questions(file)
        settings = settings_for(data_dir, config)
        chat = (open_eval_chat(settings, list(corpus), progress=not as_json) if corpus
                else PaperChat(settings))
        try:
            report = run_question_eval(chat, questions, lambda c, q: _listing(c, q, k=k),
                                       with_answers=answer)
        finally:
            chat.close()
    except PaperChatError as err:
        fail(err)
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
        return
    typer.echo(f"{file}: {len(questions)} questions")
    typer.echo(format_question_report(report))


def register(app: typer.Typer) -> None:
    """Add `eval` and `eval-questions` to the main CLI."""
    app.command("eval")(eval_beir)
    app.command("eval-questions")(eval_questions)


if __name__ == "__main__":  # pragma: no cover - `python -m rag.eval_cli` for quick runs
    _app = typer.Typer(add_completion=False)
    register(_app)
    _app(sys.argv[1:])
