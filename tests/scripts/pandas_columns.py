# A sales table in pandas, its new columns computed with NumPy's functions, as analysts write it
import numpy as np
import pandas as pd

df = pd.DataFrame(
    {"units": [3, 10, 0, 7], "price": [2.5, 1.25, 4.0, 3.0]},
    index=["mon", "tue", "wed", "thu"],
)
df["revenue"] = df["units"] * df["price"]
df["log_units"] = np.round(np.log1p(df["units"]), 3)
df["band"] = np.where(df["revenue"] > 10, "high", "low")
df["capped"] = np.clip(df["revenue"], 0, 15)
df["running"] = np.cumsum(df["revenue"])
print(df)
print(np.sqrt(df[["units", "price"]]).round(4))
print(np.maximum(df["units"], 5).tolist(), round(float(np.mean(df["price"])), 4))
weights = np.asarray(df["units"], dtype=float)
average_price = np.average(df["price"], weights=weights)
print(round(float(average_price), 4))
