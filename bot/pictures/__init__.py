"""Boards drawn as pictures (PNG) with Pillow, from the same per-viewer views as the text boards.

A layer of its own between ``rules`` and the Discord interface: it reads views (never states),
so a picture can show no more than the viewer may know. One module per game exposes its own
functions; the game registry names them.
"""
