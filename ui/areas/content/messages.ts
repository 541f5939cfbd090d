// The content area's UI strings (the generic resource screen and its field labels), ru and en.
export const contentMessages = {
  en: {
    "res.new": "New", "res.edit": "Edit", "res.save": "Save", "res.cancel": "Cancel", "res.remove": "Remove",
    "res.saved": "Saved", "res.removed": "Removed", "res.confirmRemove": "Remove #{id}?", "res.search": "Search by name or id",
    "res.all": "All", "res.total": "{n} in all", "res.prev": "Previous", "res.next": "Next", "res.yes": "yes", "res.no": "no",
    "f.id": "Id", "f.nameRu": "Name (ru)", "f.nameEn": "Name (en)", "f.nation": "Nation", "f.type": "Type", "f.tier": "Tier",
    "f.requiredLevel": "Level required", "f.premium": "Premium", "f.priceGold": "Price, gold", "f.priceSilver": "Price, silver",
    "f.hp": "Hit points", "f.damage": "Damage", "f.penetration": "Penetration", "f.armor": "Armour", "f.speed": "Speed, km/h",
    "f.rateOfFire": "Shots/min ×10", "f.sortOrder": "Order", "f.active": "Active", "f.slot": "Slot", "f.bonus": "Bonus, %",
    "f.season": "Season", "f.concealment": "Concealment, %", "f.durationDays": "Days (0: forever)", "f.image": "Image",
    "f.kind": "Kind",
  },
  ru: {
    "res.new": "Создать", "res.edit": "Изменить", "res.save": "Сохранить", "res.cancel": "Отмена", "res.remove": "Удалить",
    "res.saved": "Сохранено", "res.removed": "Удалено", "res.confirmRemove": "Удалить #{id}?", "res.search": "Поиск по названию или id",
    "res.all": "Все", "res.total": "Всего: {n}", "res.prev": "Назад", "res.next": "Вперёд", "res.yes": "да", "res.no": "нет",
    "f.id": "Id", "f.nameRu": "Название (ru)", "f.nameEn": "Название (en)", "f.nation": "Нация", "f.type": "Тип", "f.tier": "Уровень",
    "f.requiredLevel": "Нужный уровень игрока", "f.premium": "Премиум", "f.priceGold": "Цена, золото", "f.priceSilver": "Цена, серебро",
    "f.hp": "Прочность", "f.damage": "Урон", "f.penetration": "Пробитие", "f.armor": "Броня", "f.speed": "Скорость, км/ч",
    "f.rateOfFire": "Выстрелов/мин ×10", "f.sortOrder": "Порядок", "f.active": "Активен", "f.slot": "Слот", "f.bonus": "Бонус, %",
    "f.season": "Сезон", "f.concealment": "Маскировка, %", "f.durationDays": "Дней (0: навсегда)", "f.image": "Картинка",
    "f.kind": "Вид",
  },
};
