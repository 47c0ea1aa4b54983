# Player models live here (players engineer).
