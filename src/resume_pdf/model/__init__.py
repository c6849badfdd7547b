"""The résumé's values: plain data checked against its schema into a frozen Resume, every
problem located; translations resolved, variants tailored, what it shows."""
