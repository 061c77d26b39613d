"""A phone's wifi for the offline browser tests: a TCP relay on loopback between one browser
context and a server, which a test can cut and bring back.

Chromium's own offline switch (``context.set_offline``) is what the pages see: ``navigator.onLine``
and the ``offline``/``online`` events. It is not a wall: the CI machine once stored a hand edited
after the cut had been seen to hold (each page said it was offline and a fetch from it had
failed). So the phones of those tests reach the server through a ``Wifi`` of their own as well,
and cutting it resets every open connection and each new one: while the wifi is off, no request
of the phone's reaches the server, whatever the browser does.
"""

import socket
import struct
import threading

CHUNK = 65536
LINGER_NONE = struct.pack("ii", 1, 0)  # close() sends a reset


def _reset(sock):
    """End a connection at once, as a dropped link does: a reset, and a pump blocked on it woken."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, LINGER_NONE)
        sock.shutdown(socket.SHUT_RDWR)  # wakes a recv() of the other pump (close alone would not)
    except OSError:
        pass
    sock.close()


class Wifi:
    """Relay 127.0.0.1:<port> to ``target_port`` while up; refuse everything while cut."""

    def __init__(self, target_port):
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.up = True
        self.closed = False
        self.lock = threading.Lock()
        self.open = set()  # the sockets of the relayed connections, both ends
        self.turned_away = []  # the first line of each request that met the cut ("POST /games/…/hands/new")
        self.accepting = threading.Thread(target=self._accept, name=f"wifi-{self.port}", daemon=True)
        self.accepting.start()

    def cut(self):
        """Off: every open connection reset; every new one reset as it comes."""
        with self.lock:
            self.up = False
            dropping, self.open = self.open, set()
        for sock in dropping:
            _reset(sock)

    def restore(self):
        with self.lock:
            self.up = True

    def close(self):
        self.closed = True
        self.cut()
        _reset(self.listener)
        self.accepting.join(timeout=5)

    def _accept(self):
        while not self.closed:
            try:
                phone_side, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                up = self.up
            if not up:
                self._turn_away(phone_side)
                continue
            try:
                server_side = socket.create_connection(self.target, timeout=10)
                server_side.settimeout(None)
            except OSError:
                _reset(phone_side)  # the server is down: the phone sees its connection fail
                continue
            with self.lock:
                if not self.up:  # cut meanwhile
                    _reset(phone_side)
                    _reset(server_side)
                    continue
                self.open.update((phone_side, server_side))
            for source, sink in ((phone_side, server_side), (server_side, phone_side)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _turn_away(self, phone_side):
        """Reset a connection made while the wifi is off, noting the request it began with (if it came at once)."""
        try:
            phone_side.settimeout(0.2)
            first = phone_side.recv(CHUNK).split(b"\r\n", 1)[0]
        except OSError:
            first = b""
        self.turned_away.append(first.decode("latin-1"))
        _reset(phone_side)

    def _pump(self, source, sink):
        """Pass one direction on until it ends; a reset of either end (a cut) ends both."""
        try:
            while data := source.recv(CHUNK):
                sink.sendall(data)
            sink.shutdown(socket.SHUT_WR)  # an orderly end, passed on
        except OSError:
            _reset(source)
            _reset(sink)
