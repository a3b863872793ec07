"""Wild Die application shell: entry point, command line, settings, wiring."""
