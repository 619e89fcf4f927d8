"""The core layer: dtypes and promotion, devices, axes and argument checks.

Everything above builds on these modules; they import nothing else of xtensor.
"""
