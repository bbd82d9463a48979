"""The Textual app for galcruise."""
