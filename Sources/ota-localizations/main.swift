print("ota-localizations: not built yet")
