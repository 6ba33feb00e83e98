// Render: CSV and atomic file output (being written).
