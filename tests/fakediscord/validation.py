"""Discord's payload rules, checked the way the API checks them.

Each ``check_*`` function returns a list of :class:`FieldError`; :func:`form_error_body`
renders them as Discord's ``50035 Invalid Form Body`` JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
import emoji as unicode_emoji

from .models import FLAG_COMPONENTS_V2, JSON

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
MAX_GALLERY_ITEMS = 10
MAX_CHOICES = 25

VALID_LOCALES = frozenset(loc.value for loc in discord.Locale)

ACTION_ROW = 1
BUTTON = 2
SELECT_TYPES = (3, 5, 6, 7, 8)
TEXT_INPUT = 4
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
#: What a Label may hold: a text input, selects, file upload, radio and checkbox groups.
LABELLED = frozenset({3, TEXT_INPUT, 5, 6, 7, 8, 19, 21, 22, 23})
#: What may stand at the top of a V2 message, and inside a container.
V2_TOP_LEVEL = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
V2_IN_CONTAINER = V2_TOP_LEVEL - {CONTAINER}


@dataclass(frozen=True)
class FieldError:
    path: tuple[str | int, ...]
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(map(str, self.path)) or '<body>'}: {self.code}: {self.message}"


def form_error_body(errors: Sequence[FieldError]) -> JSON:
    """Discord's 400 body for invalid form data."""
    tree: dict[str, Any] = {}
    for err in errors:
        node = tree
        for part in err.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": err.code, "message": err.message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": tree}


def _too_long(path: tuple[str | int, ...], limit: int) -> FieldError:
    return FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _str_len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def check_length(
    value: Any, path: tuple[str | int, ...], maximum: int, minimum: int = 0
) -> list[FieldError]:
    if value is None:
        return []
    if not isinstance(value, str):
        return [FieldError(path, "BASE_TYPE_STRING", "Must be a string.")]
    if len(value) > maximum:
        return [_too_long(path, maximum)]
    if len(value) < minimum:
        return [FieldError(path, "BASE_TYPE_MIN_LENGTH", f"Must be {minimum} or more in length.")]
    return []


# --------------------------------------------------------------------------------------------
# Messages
# --------------------------------------------------------------------------------------------


def check_message(
    data: JSON,
    *,
    base: tuple[str | int, ...] = (),
    file_count: int = 0,
    existing: JSON | None = None,
    file_names: Iterable[str] = (),
) -> list[FieldError]:
    """Rules for creating (``existing is None``) or editing a message. ``file_names`` are the
    files uploaded with the request (``attachment://`` references may name them or a kept
    attachment)."""
    errors: list[FieldError] = []
    flags = int(data.get("flags") or (existing or {}).get("flags") or 0)
    v2 = bool(flags & FLAG_COMPONENTS_V2)

    content = data.get("content")
    errors += check_length(content, (*base, "content"), MAX_CONTENT)
    if v2 and content:
        errors.append(
            FieldError(
                (*base, "content"),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
        )

    embeds = data.get("embeds")
    if embeds:
        errors += check_embeds(embeds, (*base, "embeds"))
        if v2:
            errors.append(
                FieldError(
                    (*base, "embeds"),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
                )
            )

    if existing is not None and v2 and not int(existing.get("flags") or 0) & FLAG_COMPONENTS_V2:
        # Turning a message V2: "any of the used `content`, `embeds`, `sticker_ids`, or `poll`
        # fields must have their values reset to empty" (message.mdx, Edit Message).
        errors += [
            FieldError(
                (*base, key),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                f"The '{key}' field must be emptied to set MessageFlags.IS_COMPONENTS_V2",
            )
            for key in ("content", "embeds")
            if existing.get(key) and key not in data
        ]

    components = data.get("components")
    if components:
        errors += check_components(components, (*base, "components"), v2=v2)
        if v2:
            attached = set(file_names) | _kept_attachment_names(data, existing)
            errors += _check_attachment_references(components, (*base, "components"), attached)

    # Emptiness: what the message would look like afterwards.
    def after(key: str) -> Any:
        if key in data:
            return data[key]
        return (existing or {}).get(key)

    has_attachments = file_count > 0 or bool(after("attachments"))
    if (
        not after("content")
        and not after("embeds")
        and not after("components")
        and not has_attachments
        and not data.get("sticker_ids")
        and not data.get("poll")
    ):
        errors.append(FieldError((*base,), "50006", "Cannot send an empty message"))
    return errors


def check_embeds(embeds: Any, path: tuple[str | int, ...]) -> list[FieldError]:
    errors: list[FieldError] = []
    if not isinstance(embeds, list):
        return [FieldError(path, "BASE_TYPE_ARRAY", "Must be an array.")]
    if len(embeds) > MAX_EMBEDS:
        errors.append(_too_long(path, MAX_EMBEDS))
    total = 0
    for i, embed in enumerate(embeds):
        p = (*path, i)
        errors += check_length(embed.get("title"), (*p, "title"), 256)
        errors += check_length(embed.get("description"), (*p, "description"), 4096)
        total += _str_len(embed.get("title")) + _str_len(embed.get("description"))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append(_too_long((*p, "fields"), 25))
        for j, f in enumerate(fields):
            errors += check_length(f.get("name"), (*p, "fields", j, "name"), 256, 1)
            errors += check_length(f.get("value"), (*p, "fields", j, "value"), 1024, 1)
            total += _str_len(f.get("name")) + _str_len(f.get("value"))
        footer = embed.get("footer") or {}
        errors += check_length(footer.get("text"), (*p, "footer", "text"), 2048)
        author = embed.get("author") or {}
        errors += check_length(author.get("name"), (*p, "author", "name"), 256)
        total += _str_len(footer.get("text")) + _str_len(author.get("name"))
    if total > 6000:
        errors.append(
            FieldError(path, "BASE_TYPE_MAX_LENGTH", "Embed size exceeds maximum size of 6000")
        )
    return errors


def check_components(
    components: Any, path: tuple[str | int, ...], *, v2: bool = False
) -> list[FieldError]:
    errors: list[FieldError] = []
    if not isinstance(components, list):
        return [FieldError(path, "BASE_TYPE_ARRAY", "Must be an array.")]
    seen_ids: dict[str, tuple[str | int, ...]] = {}

    def visit(comp: JSON, p: tuple[str | int, ...]) -> None:
        cid = comp.get("custom_id")
        if cid is not None:
            errors.extend(check_length(cid, (*p, "custom_id"), MAX_CUSTOM_ID, 1))
            if cid in seen_ids:
                errors.append(
                    FieldError(
                        (*p, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        f"Component custom id cannot be duplicated ({cid!r})",
                    )
                )
            seen_ids[cid] = p
        ctype = comp.get("type")
        if ctype == BUTTON:
            errors.extend(_check_button(comp, p))
        elif ctype in SELECT_TYPES:
            errors.extend(_check_select(comp, p))
        for key in ("components",):
            children = comp.get(key)
            if isinstance(children, list):
                for i, child in enumerate(children):
                    visit(child, (*p, key, i))
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                visit(child, (*p, key))

    if v2:
        total = sum(1 for _ in _walk(components))
        if total > MAX_V2_COMPONENTS:
            errors.append(
                FieldError(
                    path,
                    "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
                    f"Total number of components exceeds {MAX_V2_COMPONENTS}",
                )
            )
        text = sum(_str_len(c.get("content")) for c in _walk(components) if c.get("type") == 10)
        if text > MAX_V2_TEXT:
            errors.append(
                FieldError(
                    path,
                    "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED",
                    f"Total text length of text displays exceeds {MAX_V2_TEXT}",
                )
            )
        errors += _check_v2_tree(components, path)
    else:
        if len(components) > MAX_ROWS:
            errors.append(_too_long(path, MAX_ROWS))
        for i, row in enumerate(components):
            p = (*path, i)
            if row.get("type") != 1:
                errors.append(
                    FieldError(
                        (*p, "type"),
                        "UNION_TYPE_CHOICES",
                        "Top-level components must be action rows without IS_COMPONENTS_V2",
                    )
                )
                continue
            children = row.get("components") or []
            if not children:
                errors.append(
                    FieldError(
                        (*p, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
                    )
                )
            kinds = {c.get("type") for c in children}
            if kinds & set(SELECT_TYPES) and len(children) > 1:
                errors.append(
                    FieldError(
                        (*p, "components"),
                        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                        "The specified component exceeds the maximum width",
                    )
                )
            elif len(children) > MAX_ROW_BUTTONS:
                errors.append(_too_long((*p, "components"), MAX_ROW_BUTTONS))
    for i, comp in enumerate(components):
        visit(comp, (*path, i))
    return errors


def _walk(components: Iterable[JSON]) -> Iterable[JSON]:
    for comp in components:
        yield comp
        children = comp.get("components")
        if isinstance(children, list):
            yield from _walk(children)
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from _walk([child])


def _check_button(comp: JSON, p: tuple[str | int, ...]) -> list[FieldError]:
    errors = check_length(comp.get("label"), (*p, "label"), 80)
    style = comp.get("style")
    if style == 5:
        if not comp.get("url"):
            errors.append(FieldError((*p, "url"), "BASE_TYPE_REQUIRED", "This field is required"))
        if comp.get("custom_id"):
            errors.append(
                FieldError(
                    (*p, "custom_id"),
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "A custom id cannot be specified on a link button",
                )
            )
    elif style == 6:
        if not comp.get("sku_id"):
            errors.append(
                FieldError((*p, "sku_id"), "BASE_TYPE_REQUIRED", "This field is required")
            )
    elif not comp.get("custom_id"):
        errors.append(FieldError((*p, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required"))
    if style != 6 and not comp.get("label") and not comp.get("emoji"):
        errors.append(
            FieldError(
                (*p,), "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or emoji is required"
            )
        )
    errors += check_component_emoji(comp.get("emoji"), (*p, "emoji"))
    return errors


def is_rgi_emoji(text: str) -> bool:
    """One emoji of Unicode's list (emoji-test.txt) in its fully-qualified form — what Discord
    accepts as a component's unicode emoji (``⏯`` without U+FE0F, or 🂠, is refused)."""
    entry = unicode_emoji.EMOJI_DATA.get(text)
    return entry is not None and entry.get("status") == unicode_emoji.STATUS["fully_qualified"]


def check_component_emoji(value: Any, path: tuple[str | int, ...]) -> list[FieldError]:
    """A button's or a select option's emoji: a custom emoji (by id) or one RGI emoji. Discord
    answers a bad one with ``BUTTON_COMPONENT_INVALID_EMOJI`` on ``emoji.name`` (for select
    options too)."""
    if value is None:
        return []
    if not isinstance(value, dict):
        return [
            FieldError(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
        ]
    if value.get("id"):
        return []
    name = value.get("name")
    if isinstance(name, str) and is_rgi_emoji(name):
        return []
    return [FieldError((*path, "name"), "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")]


def _check_select(comp: JSON, p: tuple[str | int, ...]) -> list[FieldError]:
    errors = check_length(comp.get("placeholder"), (*p, "placeholder"), 150)
    min_values = comp.get("min_values", 1)
    max_values = comp.get("max_values", 1)
    if not 0 <= min_values <= 25:
        errors.append(
            FieldError((*p, "min_values"), "NUMBER_TYPE_MAX", "Must be between 0 and 25.")
        )
    if not 1 <= max_values <= 25:
        errors.append(
            FieldError((*p, "max_values"), "NUMBER_TYPE_MAX", "Must be between 1 and 25.")
        )
    if comp.get("type") == 3:
        options = comp.get("options") or []
        if not options:
            errors.append(
                FieldError((*p, "options"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            )
        if len(options) > MAX_SELECT_OPTIONS:
            errors.append(_too_long((*p, "options"), MAX_SELECT_OPTIONS))
        values: set[str] = set()
        for i, opt in enumerate(options):
            op = (*p, "options", i)
            errors += check_length(opt.get("label"), (*op, "label"), 100, 1)
            errors += check_length(opt.get("value"), (*op, "value"), 100, 1)
            errors += check_length(opt.get("description"), (*op, "description"), 100)
            errors += check_component_emoji(opt.get("emoji"), (*op, "emoji"))
            if opt.get("value") in values:
                errors.append(
                    FieldError(
                        (*op, "value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select component option values cannot be duplicated",
                    )
                )
            values.add(opt.get("value"))
        if options and max_values > len(options):
            errors.append(
                FieldError(
                    (*p, "max_values"),
                    "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS",
                    "max_values must be less than or equal to the number of options",
                )
            )
    return errors


# --------------------------------------------------------------------------------------------
# Modals and autocomplete
# --------------------------------------------------------------------------------------------


def check_modal(data: JSON, base: tuple[str | int, ...] = ("data",)) -> list[FieldError]:
    errors: list[FieldError] = []
    errors += check_length(data.get("title"), (*base, "title"), 45, 1)
    if not data.get("title"):
        errors.append(FieldError((*base, "title"), "BASE_TYPE_REQUIRED", "This field is required"))
    errors += check_length(data.get("custom_id"), (*base, "custom_id"), MAX_CUSTOM_ID, 1)
    components = data.get("components") or []
    if not components:
        errors.append(
            FieldError(
                (*base, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
            )
        )
    if len(components) > 5:
        errors.append(_too_long((*base, "components"), 5))
    for i, comp in enumerate(components):
        if isinstance(comp, dict) and comp.get("type") == LABEL:
            errors += _check_label(comp, (*base, "components", i))
    seen: set[str] = set()
    for comp in _walk(components):
        cid = comp.get("custom_id")
        if cid is not None:
            if cid in seen:
                errors.append(
                    FieldError(
                        (*base, "components"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        f"Component custom id cannot be duplicated ({cid!r})",
                    )
                )
            seen.add(cid)
            errors += check_length(cid, (*base, "components", "custom_id"), MAX_CUSTOM_ID, 1)
        if comp.get("type") == TEXT_INPUT:
            errors += check_length(comp.get("label"), (*base, "components", "label"), 45)
            errors += check_length(comp.get("value"), (*base, "components", "value"), 4000)
            errors += check_length(
                comp.get("placeholder"), (*base, "components", "placeholder"), 100
            )
    return errors


def _check_label(comp: JSON, p: tuple[str | int, ...]) -> list[FieldError]:
    """A modal's Label (type 18): its words, and the one input it labels."""
    errors = check_length(comp.get("label"), (*p, "label"), 45, 1)
    if not comp.get("label"):
        errors.append(FieldError((*p, "label"), "BASE_TYPE_REQUIRED", "This field is required"))
    errors += check_length(comp.get("description"), (*p, "description"), 100, 1)
    inner = comp.get("component")
    if not isinstance(inner, dict):
        errors.append(FieldError((*p, "component"), "BASE_TYPE_REQUIRED", "This field is required"))
    elif inner.get("type") not in LABELLED:
        errors.append(
            FieldError(
                (*p, "component", "type"),
                "UNION_TYPE_CHOICES",
                f'Value of field "type" must be one of {sorted(LABELLED)}.',
            )
        )
    return errors


def deprecated_modal_rows(data: JSON) -> list[str]:
    """Text inputs a modal still puts in action rows: Discord accepts them but has deprecated
    the layout in favour of a Label (type 18) around each input."""
    return [
        str(child.get("custom_id"))
        for row in data.get("components") or []
        if isinstance(row, dict) and row.get("type") == ACTION_ROW
        for child in row.get("components") or []
        if isinstance(child, dict) and child.get("type") == TEXT_INPUT
    ]


def check_choices(data: JSON, base: tuple[str | int, ...] = ("data",)) -> list[FieldError]:
    choices = data.get("choices")
    if not isinstance(choices, list):
        return [FieldError((*base, "choices"), "BASE_TYPE_REQUIRED", "This field is required")]
    errors: list[FieldError] = []
    if len(choices) > MAX_CHOICES:
        errors.append(_too_long((*base, "choices"), MAX_CHOICES))
    for i, ch in enumerate(choices):
        errors += check_length(ch.get("name"), (*base, "choices", i, "name"), 100, 1)
        value = ch.get("value")
        if isinstance(value, str):
            errors += check_length(value, (*base, "choices", i, "value"), 100)
    return errors


# --------------------------------------------------------------------------------------------
# Application commands
# --------------------------------------------------------------------------------------------


def _check_name(name: Any, path: tuple[str | int, ...], *, chat_input: bool) -> list[FieldError]:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return [FieldError(path, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")]
    if chat_input:
        if any(not (ch.isalnum() or ch in "-_" or ch.isalpha()) for ch in name):
            return [
                FieldError(
                    path,
                    "APPLICATION_COMMAND_INVALID_NAME",
                    f"Command name is invalid ({name!r})",
                )
            ]
        if name != name.lower():
            return [
                FieldError(
                    path,
                    "APPLICATION_COMMAND_INVALID_NAME",
                    f"Command name must be lowercase ({name!r})",
                )
            ]
    return []


def _check_localizations(value: Any, path: tuple[str | int, ...], kind: str) -> list[FieldError]:
    errors: list[FieldError] = []
    if not value:
        return errors
    for locale, text in value.items():
        if locale not in VALID_LOCALES:
            errors.append(
                FieldError((*path, locale), "LOCALE_INVALID", f"Invalid locale {locale!r}")
            )
            continue
        if kind == "name":
            errors += _check_name(text, (*path, locale), chat_input=True)
        else:
            errors += check_length(text, (*path, locale), 100, 1)
    return errors


def _check_options(
    options: Any, path: tuple[str | int, ...], parent_type: int | None
) -> list[FieldError]:
    errors: list[FieldError] = []
    if not options:
        return errors
    if len(options) > 25:
        errors.append(_too_long(path, 25))
    names: set[str] = set()
    seen_optional = False
    if parent_type == 2 and any(o.get("type") not in (1,) for o in options):
        errors.append(
            FieldError(
                path,
                "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                "A subcommand group may only contain subcommands",
            )
        )
    for i, opt in enumerate(options):
        p = (*path, i)
        errors += _check_name(opt.get("name"), (*p, "name"), chat_input=True)
        if opt.get("name") in names:
            errors.append(
                FieldError(
                    (*p, "name"),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            )
        names.add(opt.get("name"))
        errors += check_length(opt.get("description"), (*p, "description"), 100, 1)
        errors += _check_localizations(
            opt.get("name_localizations"), (*p, "name_localizations"), "name"
        )
        errors += _check_localizations(
            opt.get("description_localizations"), (*p, "description_localizations"), "description"
        )
        otype = opt.get("type")
        if otype in (1, 2):
            allowed = {None: (1, 2), 2: (1,)}.get(parent_type, ())
            if otype not in allowed:
                errors.append(
                    FieldError(
                        (*p, "type"),
                        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                        "Subcommand groups and subcommands nest at most two levels",
                    )
                )
            errors += _check_options(opt.get("options"), (*p, "options"), otype)
            continue
        if opt.get("required"):
            if seen_optional:
                errors.append(
                    FieldError(
                        (*p, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > MAX_CHOICES:
            errors.append(_too_long((*p, "choices"), MAX_CHOICES))
        for j, ch in enumerate(choices):
            errors += check_length(ch.get("name"), (*p, "choices", j, "name"), 100, 1)
            errors += _check_localizations(
                ch.get("name_localizations"),
                (*p, "choices", j, "name_localizations"),
                "description",
            )
        if choices and opt.get("autocomplete"):
            errors.append(
                FieldError(
                    (*p, "autocomplete"),
                    "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES_CONFLICT",
                    "Autocomplete cannot be set with choices",
                )
            )
    return errors


#: InteractionContextType and ApplicationIntegrationType in Discord's OpenAPI schema
#: (discord-api-spec openapi.json; developers/interactions/application-commands.mdx, "Contexts").
CONTEXT_TYPES = frozenset({0, 1, 2})
INTEGRATION_TYPES = frozenset({0, 1})


def _check_context_list(
    value: Any, p: tuple[str | int, ...], allowed: frozenset[int]
) -> list[FieldError]:
    """``contexts`` / ``integration_types``: null, or a non-empty array of distinct known values
    (``ApplicationCommandCreateRequest``: ``type: [array, null]``, ``minItems: 1``,
    ``uniqueItems: true``)."""
    if value is None:
        return []
    if not isinstance(value, list):
        return [FieldError(p, "BASE_TYPE_ARRAY", "Must be an array.")]
    if not value:
        return [FieldError(p, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")]
    errors: list[FieldError] = []
    for i, item in enumerate(value):
        if isinstance(item, bool) or item not in allowed:
            choices = ", ".join(str(v) for v in sorted(allowed))
            errors.append(
                FieldError((*p, i), "BASE_TYPE_CHOICES", f"Value must be one of ({choices}).")
            )
    if len(set(map(str, value))) != len(value):
        errors.append(FieldError(p, "BASE_TYPE_DUPLICATES", "Must not contain duplicates."))
    return errors


def check_commands(commands: Any) -> list[FieldError]:
    """Rules for a bulk-overwrite (``PUT .../commands``) body."""
    if not isinstance(commands, list):
        return [FieldError((), "BASE_TYPE_ARRAY", "Must be an array.")]
    errors: list[FieldError] = []
    seen: set[tuple[int, str]] = set()
    per_type: dict[int, int] = {}
    for i, cmd in enumerate(commands):
        p: tuple[str | int, ...] = (i,)
        ctype = int(cmd.get("type", 1))
        per_type[ctype] = per_type.get(ctype, 0) + 1
        errors += _check_name(cmd.get("name"), (*p, "name"), chat_input=ctype == 1)
        key = (ctype, cmd.get("name"))
        if key in seen:
            errors.append(
                FieldError(
                    (*p, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique ({cmd.get('name')!r})",
                )
            )
        seen.add(key)
        if ctype == 1:
            errors += check_length(cmd.get("description"), (*p, "description"), 100, 1)
            if not cmd.get("description"):
                errors.append(
                    FieldError((*p, "description"), "BASE_TYPE_REQUIRED", "This field is required")
                )
            errors += _check_options(cmd.get("options"), (*p, "options"), None)
        errors += _check_localizations(
            cmd.get("name_localizations"),
            (*p, "name_localizations"),
            "name" if ctype == 1 else "description",
        )
        errors += _check_localizations(
            cmd.get("description_localizations"), (*p, "description_localizations"), "description"
        )
        errors += _check_context_list(cmd.get("contexts"), (*p, "contexts"), CONTEXT_TYPES)
        errors += _check_context_list(
            cmd.get("integration_types"), (*p, "integration_types"), INTEGRATION_TYPES
        )
    if per_type.get(1, 0) > 100:
        errors.append(_too_long((), 100))
    for ctype in (2, 3):
        if per_type.get(ctype, 0) > 15:
            errors.append(
                FieldError(
                    (),
                    "APPLICATION_COMMAND_TOO_MANY",
                    f"Maximum number of context menu commands of type {ctype} reached (15)",
                )
            )
    return errors


def _check_row(row: JSON, p: tuple[str | int, ...]) -> list[FieldError]:
    """An action row: one to five buttons, or one select alone."""
    children = row.get("components") or []
    if not children:
        return [
            FieldError((*p, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        ]
    kinds = {c.get("type") for c in children}
    if kinds & set(SELECT_TYPES) and len(children) > 1:
        return [
            FieldError(
                (*p, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        ]
    if len(children) > MAX_ROW_BUTTONS:
        return [_too_long((*p, "components"), MAX_ROW_BUTTONS)]
    if not kinds <= {BUTTON, *SELECT_TYPES}:
        return [
            FieldError(
                (*p, "components"),
                "UNION_TYPE_CHOICES",
                'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
            )
        ]
    return []


def _check_v2_tree(components: list[JSON], path: tuple[str | int, ...]) -> list[FieldError]:
    """Where each V2 component may stand, and what each holds."""
    errors: list[FieldError] = []

    def choices(allowed: Iterable[int]) -> str:
        return f'Value of field "type" must be one of {tuple(sorted(allowed))}.'

    def visit(comp: JSON, p: tuple[str | int, ...], allowed: frozenset[int]) -> None:
        ctype = comp.get("type")
        if ctype not in allowed:
            errors.append(FieldError((*p, "type"), "UNION_TYPE_CHOICES", choices(allowed)))
            return
        if ctype == ACTION_ROW:
            errors.extend(_check_row(comp, p))
        elif ctype == CONTAINER:
            children = comp.get("components") or []
            if not children:
                errors.append(
                    FieldError(
                        (*p, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
                    )
                )
            for i, child in enumerate(children):
                visit(child, (*p, "components", i), V2_IN_CONTAINER)
        elif ctype == SECTION:
            texts = comp.get("components") or []
            if not 1 <= len(texts) <= 3:
                errors.append(
                    _too_long((*p, "components"), 3)
                    if texts
                    else FieldError(
                        (*p, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
                    )
                )
            for i, child in enumerate(texts):
                visit(child, (*p, "components", i), frozenset({TEXT_DISPLAY}))
            accessory = comp.get("accessory")
            if not isinstance(accessory, dict):
                errors.append(
                    FieldError((*p, "accessory"), "BASE_TYPE_REQUIRED", "This field is required")
                )
            else:
                visit(accessory, (*p, "accessory"), frozenset({BUTTON, THUMBNAIL}))
        elif ctype == TEXT_DISPLAY:
            errors.extend(check_length(comp.get("content"), (*p, "content"), MAX_V2_TEXT, 1))
        elif ctype == MEDIA_GALLERY:
            items = comp.get("items") or []
            if not 1 <= len(items) <= MAX_GALLERY_ITEMS:
                errors.append(
                    _too_long((*p, "items"), MAX_GALLERY_ITEMS)
                    if items
                    else FieldError(
                        (*p, "items"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
                    )
                )

    for i, comp in enumerate(components):
        visit(comp, (*path, i), V2_TOP_LEVEL)
    return errors


def _kept_attachment_names(data: JSON, existing: JSON | None) -> set[str]:
    """Names of the attachments an edit keeps: those listed, or all when none are listed."""
    old = {str(a.get("id")): a for a in (existing or {}).get("attachments") or []}
    if "attachments" in data and data["attachments"] is not None:
        return {
            str(old[str(a.get("id"))].get("filename"))
            for a in data["attachments"]
            if str(a.get("id")) in old
        }
    return {str(a.get("filename")) for a in old.values()}


def _media_urls(comp: JSON) -> Iterable[str]:
    for item in comp.get("items") or []:
        media = item.get("media") if isinstance(item, dict) else None
        if isinstance(media, dict) and isinstance(media.get("url"), str):
            yield media["url"]
    for key in ("media", "file"):
        media = comp.get(key)
        if isinstance(media, dict) and isinstance(media.get("url"), str):
            yield media["url"]


def _check_attachment_references(
    components: list[JSON], path: tuple[str | int, ...], attached: set[str]
) -> list[FieldError]:
    """Every ``attachment://name`` a component shows must be a file of the message."""
    errors: list[FieldError] = []
    for comp in _walk(components):
        for url in _media_urls(comp):
            if (
                url.startswith("attachment://")
                and url.removeprefix("attachment://") not in attached
            ):
                errors.append(
                    FieldError(
                        path,
                        "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                        f"Attachment {url!r} was not found in the message's attachments",
                    )
                )
    return errors
