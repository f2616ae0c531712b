"""Keep PaperChat off the network at run time: no hub downloads, no telemetry.

Imported first by ``rag/__init__`` so the variables are set before chromadb, gradio or
huggingface_hub read them. Only ``paperchat models pull`` lifts the hub switch, for its call.
"""

from __future__ import annotations

import os

__all__ = ["OFFLINE_ENV", "enforce_offline"]

OFFLINE_ENV = {
    "HF_HUB_OFFLINE": "1",              # huggingface_hub: no downloads, no metadata calls
    "HF_HUB_DISABLE_TELEMETRY": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "ANONYMIZED_TELEMETRY": "False",    # chromadb (also off in its Settings, see store.vector)
    "GRADIO_ANALYTICS_ENABLED": "False",  # gradio usage analytics
    "DO_NOT_TRACK": "1",
}


def enforce_offline() -> None:
    for key, value in OFFLINE_ENV.items():
        os.environ[key] = value
