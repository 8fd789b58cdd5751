"""The figures Tablekeeper's performance is judged by (``tablekeeper bench``).

Each module measures one cost beside its floor (the least that cost could be) in the same run,
because the machine is shared and noisy: ratios of figures taken side by side are stable where
absolute times are not. Benchmarks are not timed tests; tests only check that they run.
"""
