print("ota-bench: not built yet")
