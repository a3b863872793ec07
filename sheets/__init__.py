"""Wild Die rules core: pure Python, no Qt (a test enforces it)."""
