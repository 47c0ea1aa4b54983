# Admin registrations for players live here.
