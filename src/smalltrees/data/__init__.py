"""The data layer: fetch checksummed raw files, parse them into typed datasets, store and load."""
