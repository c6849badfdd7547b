"""Cover letter -> the writers' Document: the résumé's header blocks (the sender), then the
letter's parts as paragraphs in the order the PDF shows them, each with its role (date,
recipient, subject, salutation, body, closing, signature), so its txt/md/... twins come
from the same writers as the résumé's and the Word and HTML ones keep a business letter's
layout."""

from __future__ import annotations

from ..model.cover_letter import shown_date, signature_of
from ..model.letter import Letter
from ..model.resume import Resume
from ..style.theme import Theme
from ..text.inline import Rich, Span
from .document import Block, Document, Para, plain
from .resume_doc import as_typeset, identity_blocks, look_of


def letter_document(resume: Resume, letter: Letter, theme: Theme) -> Document:
    main: list[Block] = []
    date = shown_date(letter.date, resume.locale)
    if date:
        main.append(Para((plain(date),), "date"))
    if letter.to:
        main.append(Para(tuple(plain(line) for line in letter.to), "recipient"))
    if letter.subject:
        main.append(Para((Rich((Span(letter.subject, bold=True),)),), "subject"))
    if letter.greeting:
        main.append(Para((plain(letter.greeting),), "salutation"))
    main += [Para((para,)) for para in letter.body]
    if letter.closing:
        main.append(Para((plain(letter.closing),), "closing"))
    main.append(Para((plain(signature_of(resume, letter)),), "signature"))
    doc = Document(
        title=f"{resume.name} — Cover letter",
        author=resume.name,
        header=tuple(identity_blocks(resume)),
        main=tuple(main),
        subject=letter.subject or "",
        lang=resume.locale,
        look=look_of(theme),
        kind="letter",
        pages=1,
        sources=(("title", resume.name), ("author", resume.name), ("subject", letter.subject)),
    )
    return as_typeset(doc, theme)
