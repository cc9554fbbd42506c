"""Build hook: map the top-level data folders into the package (see trainer/_data/__init__.py).

Everything else about the project is declared in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

# importable name -> folder at the top of the repository
DATA_PACKAGES = {
    "trainer._data.lessons": "lessons",
    "trainer._data.locales": "locales",
    "trainer._data.assets": "assets",
}

packages = find_namespace_packages(include=["trainer", "trainer.*"])
for name, folder in DATA_PACKAGES.items():
    packages += [name, *(f"{name}.{sub}" for sub in find_namespace_packages(where=folder))]

setup(packages=packages, package_dir=dict(DATA_PACKAGES))
