"""A real SMTP server for the e-mail channel's tests (aiosmtpd, from .tools/python).

Listens on 127.0.0.1 at the port given, prints READY once it takes connections, then one JSON line per
message accepted. Recipients whose local part starts with "refuse" are refused with 550, as a mail
server refuses an unknown mailbox.
"""
import asyncio
import email
import email.policy
import json
import sys

from aiosmtpd.controller import Controller


class Handler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.split("@")[0].startswith("refuse"):
            return f"550 5.1.1 <{address}>: no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        body = message.get_body(preferencelist=("plain",))
        print(
            json.dumps(
                {
                    "from": envelope.mail_from,
                    "to": envelope.rcpt_tos,
                    "subject": str(message["subject"]),
                    "messageId": str(message["message-id"]).strip(),
                    "contentType": message.get_content_type(),
                    "text": body.get_content() if body else "",
                }
            ),
            flush=True,
        )
        return "250 Message accepted"


async def main(port: int) -> None:
    controller = Controller(Handler(), hostname="127.0.0.1", port=port)
    controller.start()
    print("READY", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        controller.stop()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
