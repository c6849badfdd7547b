"""Writers: files on disk (atomic), PNG pages."""
