"""Wild Die Qt layer: item models, delegates, widgets, dialogs."""
