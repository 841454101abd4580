"""`envcheck watch`: name what makes a running training job slow or stutter.

The same layers as verify, over time (../shared/design.md):

    samplers (probes over time) -> Timeline (versioned JSON lines) -> analyzers -> Findings (EW1xx)

- ``timeline.py``  the trace format (header + rows), ``--record`` / ``--replay``
- ``steps.py``     step times parsed from the job's output (tqdm, HF Trainer, Lightning, Keras, ...)
- ``samplers/``    process tree (psutil), host (/proc, PSI, cgroup), NVML (pynvml); never judge
- ``features.py``  numbers per window, computed from a Timeline only (pure)
- ``rules.py``     the EW codes: category, rationale with source, fix, and the rule functions
- ``analyze.py``   windows, events (stutter), verdict and ranking (pure)
- ``report.py``    text, JSON (the verify report plus ``watch``), Prometheus textfile
- ``runner.py``    launch or attach, tee the output, drive the samplers, live status line
"""
