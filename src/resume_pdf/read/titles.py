"""Section titles for the sections a JSON Resume (or YAMLResume) file implies, per language,
so a Russian résumé is not headed in English."""

from __future__ import annotations

KEYS = ("work", "volunteer", "education", "awards", "certificates", "publications", "skills") + (
    "languages",
    "interests",
    "references",
    "projects",
)
_TABLE = {
    "en": "Experience|Volunteering|Education|Awards|Certificates|Publications|Skills|Languages"
    "|Interests|References|Projects",
    "de": "Berufserfahrung|Ehrenamt|Ausbildung|Auszeichnungen|Zertifikate|Publikationen"
    "|Kenntnisse|Sprachen|Interessen|Referenzen|Projekte",
    "fr": "Expérience|Bénévolat|Formation|Distinctions|Certifications|Publications"
    "|Compétences|Langues|Centres d'intérêt|Références|Projets",
    "es": "Experiencia|Voluntariado|Educación|Premios|Certificaciones|Publicaciones"
    "|Habilidades|Idiomas|Intereses|Referencias|Proyectos",
    "it": "Esperienza|Volontariato|Istruzione|Premi|Certificazioni|Pubblicazioni"
    "|Competenze|Lingue|Interessi|Referenze|Progetti",
    "pt": "Experiência|Voluntariado|Formação|Prémios|Certificações|Publicações"
    "|Competências|Idiomas|Interesses|Referências|Projetos",
    "nl": "Werkervaring|Vrijwilligerswerk|Opleiding|Prijzen|Certificaten|Publicaties"
    "|Vaardigheden|Talen|Interesses|Referenties|Projecten",
    "pl": "Doświadczenie|Wolontariat|Wykształcenie|Nagrody|Certyfikaty|Publikacje"
    "|Umiejętności|Języki|Zainteresowania|Referencje|Projekty",
    "ru": "Опыт работы|Волонтёрство|Образование|Награды|Сертификаты|Публикации"
    "|Навыки|Языки|Интересы|Рекомендации|Проекты",
}
TITLES = {lang: dict(zip(KEYS, row.split("|"), strict=True)) for lang, row in _TABLE.items()}


def section_title(key: str, locale: str) -> str:
    return TITLES.get(locale, TITLES["en"])[key]
