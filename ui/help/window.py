"""The Help window: the rules the app applies, in plain words, one topic a page.

The text is ``resources/help/rules.md`` (handed in by the shell: ui/ never finds files
itself): its ``## `` headings are the topics. Typing in the search box keeps the topics
that hold every word typed and marks the first match on the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

TopicRole = int(Qt.ItemDataRole.UserRole) + 1


@dataclass(frozen=True, slots=True)
class Topic:
    title: str
    text: str
    """The topic's Markdown, its heading included."""


def topics_of(markdown: str) -> list[Topic]:
    """The ``## `` sections of the help text, in order (the ``# `` title and the lines
    before the first section make an introduction topic)."""
    topics: list[Topic] = []
    title, lines = "", list[str]()
    for line in markdown.splitlines():
        if line.startswith("## "):
            if lines and any(x.strip() for x in lines):
                topics.append(Topic(title or "Introduction", "\n".join(lines).strip()))
            title, lines = line[3:].strip(), [line]
        elif line.startswith("# ") and not title:
            lines.append("## " + line[2:].strip())
        else:
            lines.append(line)
    if lines:
        topics.append(Topic(title or "Introduction", "\n".join(lines).strip()))
    return topics


def matches(topic: Topic, query: str) -> bool:
    words = query.casefold().split()
    text = topic.text.casefold()
    return all(word in text for word in words)


class HelpWindow(QDialog):
    """Topics on the left, the page on the right, a search box above (Ctrl+F)."""

    def __init__(self, markdown: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HelpWindow")
        self.setWindowTitle(self.tr("Wild Die Help: the rules"))
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.topics = topics_of(markdown)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search the rules, e.g. wild die"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(self.tr("Search the help"))
        self.count_label = QLabel()
        self.topic_list = QListWidget()
        self.topic_list.setAccessibleName(self.tr("Topics"))
        self.topic_list.setWordWrap(True)  # long titles wrap, never cut
        self.topic_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.page = QTextBrowser()
        self.page.setOpenExternalLinks(False)
        self.page.setAccessibleName(self.tr("Help page"))
        for topic in self.topics:
            item = QListWidgetItem(topic.title)
            item.setData(TopicRole, topic)
            self.topic_list.addItem(item)

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("&Search:")))
        top.itemAt(0).widget().setBuddy(self.search)  # type: ignore[union-attr]
        top.addWidget(self.search, 1)
        top.addWidget(self.count_label)
        splitter = QSplitter()
        splitter.addWidget(self.topic_list)
        splitter.addWidget(self.page)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([220, 560])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        self.resize(860, 560)

        self.search.textChanged.connect(self.filter)
        self.search.returnPressed.connect(self.topic_list.setFocus)
        self.topic_list.currentItemChanged.connect(self._show)
        QShortcut(QKeySequence.StandardKey.Find, self, self.search.setFocus)
        self.filter("")

    def shown_topics(self) -> list[str]:
        return [
            self.topic_list.item(row).text()
            for row in range(self.topic_list.count())
            if not self.topic_list.item(row).isHidden()
        ]

    def filter(self, query: str) -> None:
        """Keep the topics that hold every word of ``query``; show the first of them."""
        first: QListWidgetItem | None = None
        count = 0
        for row in range(self.topic_list.count()):
            item = self.topic_list.item(row)
            hit = matches(item.data(TopicRole), query)
            item.setHidden(not hit)
            if hit:
                count += 1
                first = first or item
        if query.strip():
            self.count_label.setText(
                (
                    self.tr("1 topic")
                    if count == 1
                    else self.tr("%1 topics").replace("%1", str(count))
                )
                if count
                else self.tr("Nothing found")
            )
        else:
            self.count_label.clear()
        current = self.topic_list.currentItem()
        if current is None or current.isHidden():
            if first is not None:
                self.topic_list.setCurrentItem(first)
            else:
                self._show(None)
        else:
            self._show(current)

    def _show(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            self.page.clear()
            return
        topic: Topic = item.data(TopicRole)
        self.page.setMarkdown(topic.text)
        words = self.search.text().split()
        if words:  # mark the first match of the first word on the page
            self.page.find(words[0], QTextDocument.FindFlag(0))
