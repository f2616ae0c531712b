"""Gradio UI over the PaperChat pipeline."""

from ui.app import build_app, check_bind, serve

__all__ = ["build_app", "check_bind", "serve"]
