# Work around a tokenizer warning; added in a hurry and never put in the ledger.
print("new_thing")
