"""What is open: documents and the saving of them."""
