"""The reportlab side: theme look, flowables, fitting to the page budget, PDF bytes."""
