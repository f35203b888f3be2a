"""The final report: one Markdown page gathering every evaluation summary and plot."""
