-- The language a server's boards, invitations and other public posts are written in, chosen with
-- /config; NULL: Discord's "server primary language" (which only Community servers can set).
ALTER TABLE guild_settings ADD COLUMN language TEXT;
