"""The coach's words: what the coach says as data (:mod:`.said`) and the one place it becomes sentences (:mod:`.words`).

A line, a hint, a tip, a mistake and a computer's reason are codes and
parameters (numbers, card codes, rank codes, seats as numbers); :func:`.words.render`
words one for a reader: the reader's own seat reads "You", the others by name.
"""
