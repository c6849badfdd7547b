"""Section titles for the sections a JSON Resume (or YAMLResume) file implies, per language,
so a Russian résumé is not headed in English: RenderCV's 22 languages, Turkish, Ukrainian,
Czech and Greek; and the title the sidebar style gives a résumé's summary. Written by hand,
as CLDR has no word for "Experience"; a language missing here is headed in English (its
dates still come from CLDR)."""

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
    "uk": "Досвід роботи|Волонтерство|Освіта|Нагороди|Сертифікати|Публікації"
    "|Навички|Мови|Інтереси|Рекомендації|Проєкти",
    "tr": "Deneyim|Gönüllülük|Eğitim|Ödüller|Sertifikalar|Yayınlar"
    "|Yetenekler|Diller|İlgi Alanları|Referanslar|Projeler",
    "cs": "Praxe|Dobrovolnictví|Vzdělání|Ocenění|Certifikáty|Publikace"
    "|Dovednosti|Jazyky|Zájmy|Reference|Projekty",
    "sv": "Arbetslivserfarenhet|Volontärarbete|Utbildning|Utmärkelser|Certifikat|Publikationer"
    "|Färdigheter|Språk|Intressen|Referenser|Projekt",
    "da": "Erhvervserfaring|Frivilligt arbejde|Uddannelse|Priser|Certifikater|Publikationer"
    "|Kompetencer|Sprog|Interesser|Referencer|Projekter",
    "nb": "Arbeidserfaring|Frivillig arbeid|Utdanning|Utmerkelser|Sertifiseringer|Publikasjoner"
    "|Ferdigheter|Språk|Interesser|Referanser|Prosjekter",
    "nn": "Arbeidserfaring|Frivillig arbeid|Utdanning|Utmerkingar|Sertifiseringar|Publikasjonar"
    "|Ferdigheiter|Språk|Interesser|Referansar|Prosjekt",
    "id": "Pengalaman|Kegiatan Sukarela|Pendidikan|Penghargaan|Sertifikat|Publikasi"
    "|Keahlian|Bahasa|Minat|Referensi|Proyek",
    "el": "Επαγγελματική εμπειρία|Εθελοντισμός|Εκπαίδευση|Βραβεία|Πιστοποιήσεις|Δημοσιεύσεις"
    "|Δεξιότητες|Γλώσσες|Ενδιαφέροντα|Συστάσεις|Έργα",
    "hi": "अनुभव|स्वयंसेवा|शिक्षा|पुरस्कार|प्रमाणपत्र|प्रकाशन|कौशल|भाषाएँ|रुचियाँ|संदर्भ|परियोजनाएँ",
    "ja": "職歴|ボランティア活動|学歴|受賞歴|資格|論文・出版物|スキル|語学"
    "|興味・関心|推薦者|プロジェクト",
    "ko": "경력|봉사 활동|학력|수상 경력|자격증|논문 및 출판물|기술|어학|관심 분야|추천인|프로젝트",
    "zh": "工作经历|志愿者经历|教育背景|获奖情况|证书|出版物|技能|语言能力"
    "|兴趣爱好|推荐人|项目经历",
    "ar": "الخبرة|العمل التطوعي|التعليم|الجوائز|الشهادات|المنشورات|المهارات|اللغات|الاهتمامات"
    "|المراجع|المشاريع",
    "he": "ניסיון תעסוקתי|התנדבות|השכלה|פרסים|תעודות|פרסומים|כישורים|שפות|תחומי עניין|ממליצים"
    "|פרויקטים",
    "fa": "سوابق کاری|فعالیت‌های داوطلبانه|تحصیلات|جوایز|گواهینامه‌ها|انتشارات|مهارت‌ها|زبان‌ها"
    "|علاقه‌مندی‌ها|معرف‌ها|پروژه‌ها",
}
TITLES = {lang: dict(zip(KEYS, row.split("|"), strict=True)) for lang, row in _TABLE.items()}


COURSES = {"en": "Courses", "de": "Kurse", "fr": "Cours", "es": "Cursos", "it": "Corsi"}


def section_title(key: str, locale: str) -> str:
    if key == "courses":  # LinkedIn's; no JSON Resume section has them
        return COURSES.get(locale, COURSES["en"])
    return TITLES.get(locale, TITLES["en"])[key]


# The summary's title beside a sidebar (pdf/layout.py): the panel (name, skills, education)
# is read first, and an untitled summary after it would read as their last lines
SUMMARY = {
    **{"en": "Summary", "de": "Profil", "fr": "Profil", "es": "Perfil", "it": "Profilo"},
    **{"pt": "Perfil", "nl": "Profiel", "pl": "Profil", "ru": "Профиль", "ja": "概要"},
    **{"zh": "简介", "ko": "요약", "ar": "نبذة", "he": "תקציר", "fa": "خلاصه", "hi": "सारांश"},
    **{"tr": "Özet", "uk": "Профіль", "cs": "Profil", "el": "Προφίλ", "sv": "Profil"},
    **{"da": "Profil", "nb": "Profil", "nn": "Profil", "id": "Ringkasan"},
}


def summary_title(locale: str) -> str:
    """The summary's title in the language of `locale` (`ar-EG`: Arabic)."""
    return SUMMARY.get(locale.split("-")[0], SUMMARY["en"])
