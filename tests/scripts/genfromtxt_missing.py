"""Read a table with missing fields using np.genfromtxt and clean it."""

import io

import numpy as np

raw = """id;height;weight;age
1;172.5;68.2;34
2;;81.0;45
3;165.0;;29
4;180.2;90.5;
5;158.8;52.3;61
6;N/A;77.7;38
"""
table = np.genfromtxt(io.StringIO(raw), delimiter=";", skip_header=1, missing_values="N/A")
print("shape:", table.shape)
print(table)
missing = np.isnan(table)
print("missing per column:", missing.sum(axis=0))
print("complete rows:", table[~missing.any(axis=1), 0].astype(int))

filled = np.genfromtxt(
    io.StringIO(raw), delimiter=";", skip_header=1, missing_values="N/A", filling_values=-1
)
print("filled:")
print(filled)

# fill each column with its mean instead
col_means = np.nanmean(table, axis=0)
clean = np.where(missing, col_means, table)
np.set_printoptions(precision=2, suppress=True)
print("column means:", col_means)
print("clean:")
print(clean)
bmi = clean[:, 2] / (clean[:, 1] / 100) ** 2
print("BMI:", np.round(bmi, 1))

# usecols and a footer line to skip
text2 = "a,b,c\n1,2,3\n4,5,6\ntotal,7,9\n"
print(
    np.genfromtxt(io.StringIO(text2), delimiter=",", skip_header=1, skip_footer=1, usecols=(0, 2))
)
np.set_printoptions(precision=8, suppress=False)
